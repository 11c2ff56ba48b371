import { postDeps } from '../deps';
import { getRevision } from '../domain/revisions';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../../platform/http';

export const handler = defineHandler('getRevision', async (req) => ({
  body: { data: await getRevision(postDeps(req.log), req.query.id, req.query.revision) },
  headers: ADMIN_VIEW_HEADERS,
}));
