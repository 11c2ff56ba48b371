import { accounts, clock, directory, identity, rateCounter, signInAudit, throttle } from '../deps';
import { RESET_DONE, resetPassword } from '../domain/password';
import { auditedSignIn } from '../adapters/sign-in-audit';
import { defineHandler } from '../../../platform/http';

const deps = {
  passwords: identity,
  directory,
  accounts,
  throttle,
  wrongCodes: rateCounter,
  now: clock.now,
};

export const handler = defineHandler('resetPassword', async (req) => {
  await auditedSignIn(
    { ...signInAudit, log: req.log },
    { action: 'resetPassword', email: req.body.email, ip: req.sourceIp, status: 200 },
    () => resetPassword(deps, req.body),
  );
  return { body: { data: { message: RESET_DONE } } };
});
