import { postDeps } from '../deps';
import { updatePost } from '../domain/update';
import { watchPostWrites } from '../../../platform/staff/audit-target';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('updatePost', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await updatePost(writes.deps, req.body, req.files.banner_image, req.admin.username);
  return { body: { data }, audit: writes.note() };
});
