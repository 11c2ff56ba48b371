import { CognitoIdentity } from '../../adapters/identity';
import { endSession } from '../../domain/login';
import { defineHandler } from '../../lib/http';
import { clearedSessionCookie } from '../../lib/session-cookie';

const identity = new CognitoIdentity();

export const handler = defineHandler('logoutSession', async (req) => {
  await endSession(identity, req.refreshToken);
  return { body: undefined, cookies: [clearedSessionCookie()] };
});
