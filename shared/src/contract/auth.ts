import * as z from 'zod';
import { userData } from '../entities';
import { defineOperations } from './operation';
import { signInStep } from './sign-in-step';

export const authOperations = defineOperations({
  login: signInStep(
    '/api/user/login',
    'Staff sign-in with e-mail and password (Cognito USER_PASSWORD_AUTH): the session, or the next step (an authenticator code, a new password).',
    z.object({
      email: z.string().trim().min(1, 'is required').max(254, 'is too long'),
      password: z.string().min(1, 'is required').max(256, 'is too long'),
    }),
    'Sign-in (password)',
  ),
  getUserData: {
    module: 'accounts',
    method: 'GET',
    path: '/api/user/user-data',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary:
      'The signed-in member (name, role, TOTP state); the admin area logs out when this fails.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: userData }),
    errors: [401, 403],
  },
  refreshSession: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/session/refresh',
    auth: 'session',
    throttle: 'sign-in',
    summary:
      'A new access token from the session cookie (Cognito REFRESH_TOKEN_AUTH); 401 when the cookie is absent, expired or revoked.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.object({ token: z.string() }) }),
    errors: [401, 403, 429],
  },
  logoutSession: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/session/logout',
    auth: 'session',
    throttle: 'sign-in',
    summary: 'Sign out: revoke the refresh token in Cognito and clear the session cookie.',
    request: { encodings: [] },
    status: 204,
    kind: 'json',
    errors: [403],
  },
});
