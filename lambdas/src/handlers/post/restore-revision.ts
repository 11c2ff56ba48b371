import { postDeps } from '../../adapters/post-deps';
import { restoreRevision } from '../../domain/posts/restore';
import { postLabel, watchPostWrites } from '../../lib/audit-target';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('restoreRevision', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await restoreRevision(writes.deps, req.body, req.admin.username);
  // The action says what happened; the target says which post and which of its kept versions.
  const label = `${postLabel(data)}, revision ${req.body.revision}`;
  return { body: { data }, audit: { label } };
});
