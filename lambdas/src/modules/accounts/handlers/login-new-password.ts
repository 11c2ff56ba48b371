import { signInAudit, signInDeps } from '../deps';
import { loginNewPassword, sessionEmail } from '../domain/login';
import { defineHandler } from '../../../platform/http';
import { signInReply } from '../adapters/sign-in-reply';

export const handler = defineHandler('loginNewPassword', (req) =>
  signInReply(
    signInAudit,
    req,
    { action: 'loginNewPassword', email: sessionEmail(req.body.session) },
    () => loginNewPassword(signInDeps, req.body.session, req.body.password),
  ),
);
