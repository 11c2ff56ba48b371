import { CognitoIdentity } from '../adapters/identity';
import { refreshSession } from '../domain/login';
import { defineHandler } from '../../../platform/http';

const identity = new CognitoIdentity();

export const handler = defineHandler('refreshSession', async (req) => ({
  body: { data: { token: await refreshSession(identity, req.refreshToken) } },
}));
