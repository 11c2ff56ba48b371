import { clock, identity, rateCounter, signInAudit } from '../deps';
import { forgotPassword, RESET_REQUESTED } from '../domain/password';
import { auditedSignIn } from '../adapters/sign-in-audit';
import { defineHandler } from '../../../platform/http';

const deps = { passwords: identity, counter: rateCounter, ...clock };

export const handler = defineHandler('forgotPassword', async (req) => {
  await auditedSignIn(
    { ...signInAudit, log: req.log },
    { action: 'forgotPassword', email: req.body.email, ip: req.sourceIp, status: 202 },
    () => forgotPassword(deps, req.body.email, req.sourceIp),
    // The caller always reads the same answer; the trail says whether a code went out.
    (r) => (r.sent ? {} : { outcome: 'failure', target: r.reason ?? '' }),
  );
  return { body: { data: { message: RESET_REQUESTED } } };
});
