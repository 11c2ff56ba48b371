import { signInAudit, signInDeps } from '../../adapters/account-deps';
import { loginMfa, sessionEmail } from '../../domain/login';
import { defineHandler } from '../../lib/http';
import { signInReply } from '../../lib/sign-in-reply';

export const handler = defineHandler('loginMfa', (req) =>
  signInReply(signInAudit, req, { action: 'loginMfa', email: sessionEmail(req.body.session) }, () =>
    loginMfa(signInDeps, req.body.session, req.body.code, req.sourceIp),
  ),
);
