import { loginDeps } from '../../adapters/deps';
import { login } from '../../domain/login';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('login', async (req) => ({ body: { data: await login(loginDeps(), req.body.email, req.body.password) } }));
