import { postDeps } from '../deps';
import { restoreRevision } from '../domain/restore';
import { postLabel, watchPostWrites } from '../../../platform/staff/audit-target';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('restoreRevision', async (req) => {
  const writes = watchPostWrites(postDeps(req.log));
  const data = await restoreRevision(writes.deps, req.body, req.admin.username);
  // The action says what happened; the target says which post and which of its kept versions.
  const label = `${postLabel(data)}, revision ${req.body.revision}`;
  return { body: { data }, audit: { label } };
});
