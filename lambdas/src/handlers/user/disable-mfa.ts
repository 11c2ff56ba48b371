import { accounts, identity, throttle } from '../../adapters/account-deps';
import { disableMfa } from '../../domain/mfa';
import { authSettings } from '../../lib/env';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('disableMfa', async (req) => ({
  body: {
    data: await disableMfa(
      { totp: identity, identity, accounts, throttle, requireMfa: authSettings().requireMfa },
      req.admin.accessToken,
      req.body,
    ),
  },
}));
