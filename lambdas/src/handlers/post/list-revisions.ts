import { postDeps } from '../../adapters/post-deps';
import { listRevisions } from '../../domain/posts';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../lib/http';

export const handler = defineHandler('listRevisions', async (req) => ({
  body: { data: await listRevisions(postDeps(req.log), req.query.id) },
  headers: ADMIN_VIEW_HEADERS,
}));
