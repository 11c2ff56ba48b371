import { mediaDeps } from '../deps';
import { createUpload } from '../domain/media';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('createUpload', async (req) => ({
  body: {
    data: await createUpload(mediaDeps(), {
      filename: req.body.filename,
      contentType: req.body.content_type,
      size: req.body.size,
    }),
  },
}));
