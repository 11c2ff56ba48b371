import { accounts, audit, clock, directory, identity, throttle } from '../../adapters/account-deps';
import { RESET_DONE, resetPassword } from '../../domain/password';
import { auditedSignIn } from '../../lib/sign-in-audit';
import { defineHandler } from '../../lib/http';

const deps = { passwords: identity, directory, accounts, throttle, nowSeconds: clock.nowSeconds };

export const handler = defineHandler('resetPassword', async (req) => {
  await auditedSignIn(
    { audit, log: req.log },
    { action: 'resetPassword', email: req.body.email, ip: req.sourceIp, status: 200 },
    () => resetPassword(deps, req.body),
  );
  return { body: { data: { message: RESET_DONE } } };
});
