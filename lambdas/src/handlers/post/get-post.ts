import { postDeps } from '../../adapters/post-deps';
import { getPost } from '../../domain/posts/read';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../lib/http';

export const handler = defineHandler('getPost', async (req) => ({
  body: { data: await getPost(postDeps(req.log), req.body.slug, req.admin !== undefined) },
  headers: req.admin ? ADMIN_VIEW_HEADERS : {},
}));
