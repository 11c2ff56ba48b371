import { signInAudit, signInDeps } from '../../adapters/account-deps';
import { loginNewPassword, sessionEmail } from '../../domain/login';
import { defineHandler } from '../../lib/http';
import { signInReply } from '../../lib/sign-in-reply';

export const handler = defineHandler('loginNewPassword', (req) =>
  signInReply(
    signInAudit,
    req,
    { action: 'loginNewPassword', email: sessionEmail(req.body.session) },
    () => loginNewPassword(signInDeps, req.body.session, req.body.password),
  ),
);
