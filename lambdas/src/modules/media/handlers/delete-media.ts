import { mediaDeps } from '../deps';
import { deleteMedia } from '../domain/media';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('deleteMedia', async (req) => ({
  body: { message: 'Image deleted.', data: await deleteMedia(mediaDeps(), req.body.id) },
}));
