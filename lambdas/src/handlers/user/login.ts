import { CognitoIdentity } from '../../adapters/identity';
import { DynamoLoginThrottle } from '../../adapters/login-throttle';
import { login } from '../../domain/login';
import { defineHandler } from '../../lib/http';

const deps = { identity: new CognitoIdentity(), throttle: new DynamoLoginThrottle() };

export const handler = defineHandler('login', async (req) => ({
  body: { data: await login(deps, req.body.email, req.body.password) },
}));
