import { postDeps } from '../../adapters/post-deps';
import { purgePost } from '../../domain/publishing-trash';
import { watchPostWrites } from '../../lib/audit-target';
import { defineHandler } from '../../lib/http';

/** Delete a trashed post for good now (admins only: shared/src/access.ts). */
export const handler = defineHandler('purgePost', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await purgePost(writes.deps, req.body.id);
  return { body: { message: 'Post deleted for good.', data }, audit: writes.note() };
});
