import { postDeps } from '../deps';
import { withStaffNames } from '../../accounts/adapters/staff-names';
import { listRevisions } from '../domain/revisions';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../../platform/http';

/** The kept versions of a post, each with who saved it as people know them (name, else e-mail). */
export const handler = defineHandler('listRevisions', async (req) => ({
  body: {
    data: await withStaffNames(await listRevisions(postDeps(req.log), req.query.id), 'saved_by'),
  },
  headers: ADMIN_VIEW_HEADERS,
}));
