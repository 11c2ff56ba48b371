import { mediaDeps } from '../deps';
import { listMedia } from '../domain/media';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../../platform/http';

export const handler = defineHandler('listMedia', async (req) => ({
  body: await listMedia(mediaDeps(), req.query),
  headers: ADMIN_VIEW_HEADERS,
}));
