import { accounts, identity, throttle } from '../deps';
import { disableMfa } from '../domain/mfa';
import { authSettings } from '../../../platform/env';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('disableMfa', async (req) => ({
  body: {
    data: await disableMfa(
      { totp: identity, identity, accounts, throttle, requireMfa: authSettings().requireMfa },
      req.admin.accessToken,
      req.body,
    ),
  },
}));
