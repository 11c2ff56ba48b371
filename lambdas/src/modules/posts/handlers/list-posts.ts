import { postDeps } from '../deps';
import { listPosts, listViewFor } from '../domain/list';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../../platform/http';

export const handler = defineHandler('listPosts', async (req) => ({
  body: await listPosts(
    postDeps(req.log),
    req.query.page,
    listViewFor(req.admin !== undefined, req.query.status, req.query),
    req.query.status,
    req.query,
  ),
  // The public list is cached at the edge for a minute; an admin's never is.
  headers: req.admin ? ADMIN_VIEW_HEADERS : { 'cache-control': 'public, max-age=0, s-maxage=60' },
}));
