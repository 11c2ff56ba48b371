import { postDeps } from '../deps';
import { trashPost } from '../domain/trash';
import { watchPostWrites } from '../../../platform/staff/audit-target';
import { defineHandler } from '../../../platform/http';

/** The spec's delete, with its path and answer: the post goes to the Trash (restorable for 30 days). */
export const handler = defineHandler('deletePost', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await trashPost(writes.deps, req.body.id, req.admin.username);
  return { body: { message: 'Post deleted.', data }, audit: writes.note() };
});
