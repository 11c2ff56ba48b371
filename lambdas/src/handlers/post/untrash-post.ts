import { postDeps } from '../../adapters/post-deps';
import { untrashPost } from '../../domain/publishing-trash';
import { watchPostWrites } from '../../lib/audit-target';
import { defineHandler } from '../../lib/http';

/** Restore a post from the Trash, as a draft. */
export const handler = defineHandler('untrashPost', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await untrashPost(writes.deps, req.body.id, req.admin.username);
  return { body: { data }, audit: writes.note() };
});
