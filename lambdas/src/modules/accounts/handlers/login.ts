import { signInAudit, signInDeps } from '../deps';
import { login } from '../domain/login';
import { defineHandler } from '../../../platform/http';
import { signInReply } from '../adapters/sign-in-reply';

export const handler = defineHandler('login', (req) =>
  signInReply(signInAudit, req, { action: 'login', email: req.body.email }, () =>
    login(signInDeps, req.body.email, req.body.password, req.sourceIp),
  ),
);
