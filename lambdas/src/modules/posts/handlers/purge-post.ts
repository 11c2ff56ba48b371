import { postDeps } from '../deps';
import { purgePost } from '../domain/trash';
import { watchPostWrites } from '../../../platform/staff/audit-target';
import { defineHandler } from '../../../platform/http';

/** Delete a trashed post for good now (admins only: shared/src/access.ts). */
export const handler = defineHandler('purgePost', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await purgePost(writes.deps, req.body.id);
  return { body: { message: 'Post deleted for good.', data }, audit: writes.note() };
});
