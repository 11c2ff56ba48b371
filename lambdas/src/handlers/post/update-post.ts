import { postDeps } from '../../adapters/post-deps';
import { updatePost } from '../../domain/posts/update';
import { watchPostWrites } from '../../lib/audit-target';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('updatePost', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await updatePost(writes.deps, req.body, req.files.banner_image, req.admin.username);
  return { body: { data }, audit: writes.note() };
});
