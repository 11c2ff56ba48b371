import { accounts, clock, identity } from '../deps';
import { signOutEverywhere } from '../domain/login';
import { defineHandler } from '../../../platform/http';
import { clearedSessionCookie } from '../../../platform/session-cookie';

export const handler = defineHandler('signOutEverywhere', async (req) => {
  await signOutEverywhere({ identity, accounts }, req.admin.accessToken, clock.now());
  return { body: undefined, cookies: [clearedSessionCookie()] };
});
