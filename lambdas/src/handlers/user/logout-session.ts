import { DynamoSessionRevocations } from '../../adapters/account-store';
import { CognitoIdentity } from '../../adapters/identity';
import { endSession } from '../../domain/login';
import { defineHandler } from '../../lib/http';
import { clearedSessionCookie } from '../../lib/session-cookie';

const deps = { identity: new CognitoIdentity(), sessions: new DynamoSessionRevocations() };

export const handler = defineHandler('logoutSession', async (req) => {
  await endSession(deps, req.refreshToken);
  return { body: undefined, cookies: [clearedSessionCookie()] };
});
