import * as z from 'zod';
import { pageOf } from '../entities';
import {
  IMAGE_MIMES,
  MEDIA_LIMITS,
  MEDIA_SEARCH_MAX,
  mediaAlt,
  mediaId,
  mediaItem,
} from '../media';
import { defineOperations, pageNumber } from './operation';

const encodings = ['json', 'form', 'multipart'] as const;

/**
 * The media library (admin only). An image is uploaded by the browser straight to the media bucket
 * with a short-lived presigned POST (`createUpload`), then `confirmUpload` checks its bytes, turns
 * it into variants and registers it; posts refer to it by id (`banner_media`) or by its `<img>`.
 */
export const mediaOperations = defineOperations({
  createUpload: {
    module: 'media',
    method: 'POST',
    path: '/api/user/media/upload',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Upload started', target: { noun: 'media', key: 'id' } },
    throttle: 'staff',
    summary:
      'A presigned POST for one image straight to the media bucket: the key, the type and at most 20 MB are fixed by its policy; it expires in 5 minutes.',
    request: {
      encodings,
      body: z.object({
        filename: z
          .string()
          .trim()
          .min(1, 'is required')
          .max(MEDIA_LIMITS.filenameMax, `must be at most ${MEDIA_LIMITS.filenameMax} characters`),
        content_type: z.enum(IMAGE_MIMES, {
          error: 'must be a JPEG, PNG, WebP, GIF or AVIF image',
        }),
        size: z.coerce
          .number({ error: 'must be a whole number of bytes' })
          .int('must be a whole number of bytes')
          .positive('must be positive'),
      }),
    },
    status: 201,
    kind: 'json',
    response: z.object({
      data: z.object({
        id: z.string(),
        /** Where the browser POSTs the form: the bucket's endpoint. */
        url: z.string(),
        /** Form fields to send before the `file` field, in this order. */
        fields: z.record(z.string(), z.string()),
        expires_at: z.string(),
      }),
    }),
    errors: [400, 401, 403, 413, 415],
  },
  confirmUpload: {
    module: 'media',
    method: 'POST',
    path: '/api/user/media/confirm',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Media uploaded', target: { noun: 'media', key: 'id' } },
    throttle: 'staff',
    summary:
      'Check an uploaded image by its bytes, make its variants and register it; anything else is deleted and refused (413/415 naming the file; 409 when the form was posted again while it was being confirmed).',
    request: { encodings, body: z.object({ id: mediaId }) },
    status: 201,
    kind: 'json',
    response: z.object({ data: mediaItem }),
    errors: [400, 401, 403, 404, 409, 413, 415],
  },
  listMedia: {
    module: 'media',
    method: 'GET',
    path: '/api/user/media/list',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary:
      'A page of the media library, newest first, with where each image is used; `q` finds a file name or description, `used` keeps used or unused images.',
    request: {
      encodings: [],
      query: z.object({
        page: pageNumber,
        q: z
          .string()
          .trim()
          .max(MEDIA_SEARCH_MAX, `must be at most ${MEDIA_SEARCH_MAX} characters`)
          .optional()
          .transform((v) => (v ? v : undefined)),
        used: z.enum(['used', 'unused'], { error: 'must be used or unused' }).optional(),
      }),
    },
    status: 200,
    kind: 'json',
    response: pageOf(mediaItem),
    errors: [400, 401, 403],
  },
  deleteMedia: {
    module: 'media',
    method: 'DELETE',
    path: '/api/user/media',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Media deleted', target: { noun: 'media', key: 'id' } },
    throttle: 'staff',
    summary:
      'Delete an image nothing uses, with all its variants; 409 names the posts, pages and site settings using it.',
    request: { encodings, body: z.object({ id: mediaId }) },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string(), data: z.object({ id: z.string() }) }),
    errors: [400, 401, 403, 404, 409],
  },
  updateMedia: {
    module: 'media',
    method: 'PUT',
    path: '/api/user/media',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Image description changed', target: { noun: 'media', key: 'id' } },
    throttle: 'staff',
    summary:
      "Change an image's description (its alt text), which blocks get when the image is chosen for them.",
    request: { encodings: ['json'], body: z.object({ id: mediaId, alt: mediaAlt }) },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string(), data: mediaItem }),
    errors: [400, 401, 403, 404],
  },
});
