import { postDeps } from '../../adapters/post-deps';
import { getRevision } from '../../domain/posts/revisions';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../lib/http';

export const handler = defineHandler('getRevision', async (req) => ({
  body: { data: await getRevision(postDeps(req.log), req.query.id, req.query.revision) },
  headers: ADMIN_VIEW_HEADERS,
}));
