import { identity } from '../deps';
import { setupMfa } from '../domain/mfa';
import { defineHandler } from '../../../platform/http';

const deps = { totp: identity, identity };

export const handler = defineHandler('setupMfa', async (req) => ({
  body: { data: await setupMfa(deps, req.admin.accessToken) },
}));
