import { signInAudit, signInDeps } from '../deps';
import { loginMfa, sessionEmail } from '../domain/login';
import { defineHandler } from '../../../platform/http';
import { signInReply } from '../adapters/sign-in-reply';

export const handler = defineHandler('loginMfa', (req) =>
  signInReply(signInAudit, req, { action: 'loginMfa', email: sessionEmail(req.body.session) }, () =>
    loginMfa(signInDeps, req.body.session, req.body.code, req.sourceIp),
  ),
);
