import { accounts, clock, identity } from '../../adapters/account-deps';
import { signOutEverywhere } from '../../domain/login';
import { defineHandler } from '../../lib/http';
import { clearedSessionCookie } from '../../lib/session-cookie';

export const handler = defineHandler('signOutEverywhere', async (req) => {
  await signOutEverywhere({ identity, accounts }, req.admin.accessToken, clock.now());
  return { body: undefined, cookies: [clearedSessionCookie()] };
});
