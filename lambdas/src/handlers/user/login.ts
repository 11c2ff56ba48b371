import { signInAudit, signInDeps } from '../../adapters/account-deps';
import { login } from '../../domain/login';
import { defineHandler } from '../../lib/http';
import { signInReply } from '../../lib/sign-in-reply';

export const handler = defineHandler('login', (req) =>
  signInReply(signInAudit, req, { action: 'login', email: req.body.email }, () =>
    login(signInDeps, req.body.email, req.body.password, req.sourceIp),
  ),
);
