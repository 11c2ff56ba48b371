import { defineHandler } from '../../../platform/http';
import { collectDeps } from '../deps';
import { collect } from '../domain/collect';

/** POST /api/collect: one beacon hit, answered 202 with no body whether it was counted or not. */
export const handler = defineHandler('collect', async (req) => {
  await collect(collectDeps(), req.body, { ip: req.sourceIp, headers: req.headers });
  return { body: '' };
});
