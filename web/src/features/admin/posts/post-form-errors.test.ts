import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { classifySaveError } from './post-form-errors';

describe('classifySaveError', () => {
  it('puts a taken slug next to the slug field, without the field name', () => {
    expect(classifySaveError(new ApiError(409, 'slug: is already taken', 'slug', 'taken'))).toEqual(
      { kind: 'field', field: 'slug', message: 'Is already taken.' },
    );
  });
  it('treats a stale edit by its code, whatever the sentence says', () => {
    expect(
      classifySaveError(
        new ApiError(
          409,
          'Someone else changed this post since you opened it.',
          undefined,
          'stale',
        ),
      ),
    ).toEqual({ kind: 'stale', message: 'Someone else changed this post since you opened it.' });
    // A conflict that is not a stale edit (and names no field of the form) is said as it is.
    expect(
      classifySaveError(new ApiError(409, 'This post is in the Trash.', 'status', 'conflict')).kind,
    ).toBe('general');
  });
  it('puts a refused banner next to the banner input, sent as a file or as a library image', () => {
    expect(
      classifySaveError(
        new ApiError(413, 'banner_image: must be at most 5 MB', 'banner_image', 'too-large'),
      ),
    ).toEqual({ kind: 'field', field: 'banner_image', message: 'Must be at most 5 MB.' });
    expect(
      classifySaveError(
        new ApiError(400, 'banner_media: is not an image of the media library', 'banner_media'),
      ),
    ).toMatchObject({ field: 'banner_image', message: 'Is not an image of the media library.' });
  });
  it('puts 400s next to the field they name, head tags included; others above the form', () => {
    expect(
      classifySaveError(new ApiError(400, 'title: is required', 'title', 'required')),
    ).toMatchObject({ field: 'title', message: 'Is required.' });
    expect(
      classifySaveError(new ApiError(400, 'head_tag: iframe is not allowed', 'head_tag')),
    ).toMatchObject({ field: 'head_tag', message: 'Iframe is not allowed.' });
    // A sentence that mentions a field but is not about one stays above the form.
    expect(
      classifySaveError(new ApiError(400, 'The request body mentions the slug and the title.')),
    ).toMatchObject({ kind: 'general' });
    expect(classifySaveError(new ApiError(500, 'boom'))).toEqual({
      kind: 'general',
      message: 'Boom.',
    });
  });
});
