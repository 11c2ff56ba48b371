import { postDeps } from '../../adapters/post-deps';
import { restoreRevision } from '../../domain/posts';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('restoreRevision', async (req) => ({
  body: { data: await restoreRevision(postDeps(req.log), req.body, req.admin.username) },
}));
