import { postDeps } from '../../adapters/post-deps';
import { trashPost } from '../../domain/publishing-trash';
import { watchPostWrites } from '../../lib/audit-target';
import { defineHandler } from '../../lib/http';

/** The spec's delete, with its path and answer: the post goes to the Trash (restorable for 30 days). */
export const handler = defineHandler('deletePost', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await trashPost(writes.deps, req.body.id, req.admin.username);
  return { body: { message: 'Post deleted.', data }, audit: writes.note() };
});
