import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { classifySaveError } from './post-form-errors';

describe('classifySaveError', () => {
  it('puts a taken slug next to the slug field', () => {
    expect(classifySaveError(new ApiError(409, 'slug: is already taken', 'slug'))).toEqual({
      kind: 'field',
      field: 'slug',
      message: 'Slug is already taken',
    });
  });
  it('treats any other conflict as a stale edit', () => {
    expect(
      classifySaveError(new ApiError(409, 'Someone else changed this post since you opened it.'))
        .kind,
    ).toBe('stale');
    expect(classifySaveError(new ApiError(409, 'version: is stale', 'version')).kind).toBe('stale');
  });
  it('puts 413 and 415 next to the banner input', () => {
    expect(
      classifySaveError(
        new ApiError(415, 'The banner must be a JPEG, PNG, WebP, GIF or AVIF image.'),
      ),
    ).toMatchObject({ kind: 'field', field: 'banner_image' });
    expect(
      classifySaveError(new ApiError(413, 'banner_image: is larger than 5 MB', 'banner_image')),
    ).toMatchObject({ field: 'banner_image', message: 'Banner image is larger than 5 MB' });
  });
  it('puts 400s next to the field they name, head tags included', () => {
    expect(classifySaveError(new ApiError(400, 'title: is required', 'title'))).toMatchObject({
      field: 'title',
    });
    expect(
      classifySaveError(
        new ApiError(400, 'Head tags may only hold meta, link, title and JSON-LD.'),
      ),
    ).toMatchObject({ field: 'head_tag' });
    expect(classifySaveError(new ApiError(500, 'boom'))).toEqual({
      kind: 'general',
      message: 'boom',
    });
  });
});
