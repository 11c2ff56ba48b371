import { postDeps } from '../deps';
import { getPost } from '../domain/read';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../../platform/http';

export const handler = defineHandler('getPost', async (req) => ({
  body: { data: await getPost(postDeps(req.log), req.body.slug, req.admin !== undefined) },
  headers: req.admin ? ADMIN_VIEW_HEADERS : {},
}));
