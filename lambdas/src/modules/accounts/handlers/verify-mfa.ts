import { accounts, identity } from '../deps';
import { verifyMfa } from '../domain/mfa';
import { defineHandler } from '../../../platform/http';

const deps = { totp: identity, identity, accounts };

export const handler = defineHandler('verifyMfa', async (req) => ({
  body: { data: await verifyMfa(deps, req.admin.accessToken, req.body.code) },
}));
