import { postDeps } from '../../adapters/post-deps';
import { previewPost } from '../../domain/posts/read';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../lib/http';

export const handler = defineHandler('previewPost', async (req) => ({
  body: { data: await previewPost(postDeps(req.log), req.query.id) },
  headers: ADMIN_VIEW_HEADERS,
}));
