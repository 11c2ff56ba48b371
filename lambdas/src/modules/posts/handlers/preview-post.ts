import { postDeps } from '../deps';
import { previewPost } from '../domain/read';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../../platform/http';

export const handler = defineHandler('previewPost', async (req) => ({
  body: { data: await previewPost(postDeps(req.log), req.query.id) },
  headers: ADMIN_VIEW_HEADERS,
}));
