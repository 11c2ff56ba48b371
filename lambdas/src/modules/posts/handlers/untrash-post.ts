import { postDeps } from '../deps';
import { untrashPost } from '../domain/trash';
import { watchPostWrites } from '../../../platform/staff/audit-target';
import { defineHandler } from '../../../platform/http';

/** Restore a post from the Trash, as a draft. */
export const handler = defineHandler('untrashPost', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await untrashPost(writes.deps, req.body.id, req.admin.username);
  return { body: { data }, audit: writes.note() };
});
