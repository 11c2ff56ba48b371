import { CognitoIdentity } from '../../adapters/identity';
import { DynamoLoginThrottle } from '../../adapters/login-throttle';
import { login } from '../../domain/login';
import { defineHandler } from '../../lib/http';
import { sessionCookie } from '../../lib/session-cookie';

const deps = { identity: new CognitoIdentity(), throttle: new DynamoLoginThrottle() };

export const handler = defineHandler('login', async (req) => {
  const { session, refreshToken } = await login(deps, req.body.email, req.body.password);
  return { body: { data: session }, cookies: [sessionCookie(refreshToken)] };
});
