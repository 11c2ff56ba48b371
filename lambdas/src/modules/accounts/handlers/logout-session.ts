import { DynamoSessionRevocations } from '../../../platform/staff/account-store';
import { CognitoIdentity } from '../adapters/identity';
import { endSession } from '../domain/login';
import { defineHandler } from '../../../platform/http';
import { clearedSessionCookie } from '../../../platform/session-cookie';

const deps = { identity: new CognitoIdentity(), sessions: new DynamoSessionRevocations() };

export const handler = defineHandler('logoutSession', async (req) => {
  await endSession(deps, req.refreshToken);
  return { body: undefined, cookies: [clearedSessionCookie()] };
});
