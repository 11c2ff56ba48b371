import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { contract } from './contract';
import {
  BLANK_POST_CONTENT,
  post,
  POST_CONTENT_FIELDS,
  POST_CONTENT_LABELS,
  postFormValues,
  revision,
} from './post-schema';

const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);

describe('the post schema', () => {
  it('carries every content field into the answer, the revision, both saves and the editor', () => {
    const saves = [contract.createPost.request.body, contract.updatePost.request.body];
    for (const shape of [post, revision, postFormValues, ...saves])
      expect(keysOf(shape)).toEqual(expect.arrayContaining([...POST_CONTENT_FIELDS]));
    expect(Object.keys(POST_CONTENT_LABELS)).toEqual(POST_CONTENT_FIELDS);
    expect(Object.keys(BLANK_POST_CONTENT)).toEqual(POST_CONTENT_FIELDS);
  });

  it('answers the fields in the order clients have always had them', () => {
    expect(keysOf(post).slice(0, 8)).toEqual([
      'id',
      'title',
      'slug',
      'content',
      'head_tag',
      'meta_description',
      'banner_image',
      'banner',
    ]);
  });

  it('names the field and says why when a save is refused', () => {
    const refused = contract.createPost.request.body.safeParse({ title: ' ', slug: 'a-post' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['title'], message: 'is required' });
  });
});
