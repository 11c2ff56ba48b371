import { notFoundDeps } from '../../adapters/redirect-deps';
import { reportNotFound } from '../../domain/not-found-log';
import { defineHandler } from '../../lib/http';

/** POST /api/not-found: the not-found page's beacon; no cookie is read or set. */
export const handler = defineHandler('reportNotFound', async (req) => {
  await reportNotFound(notFoundDeps(), req.body, req.sourceIp);
  return { body: { ok: true as const } };
});
