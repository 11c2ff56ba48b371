import { authSettings } from '../../../platform/env';
import { defineHandler } from '../../../platform/http';

/**
 * GET /api/user/user-data (every staff member, also before TOTP enrolment): who is signed in, with
 * the role the admin shows and whether the stage still waits for them to enrol an authenticator.
 * Everything comes from the staff check the call has passed (the account record, else Cognito), so
 * the admin shows exactly what the server enforces, and loading a page costs no Cognito call.
 */
export const handler = defineHandler('getUserData', async (req) => {
  const { email, name, mfa, role, groups, username } = req.admin;
  const { requireMfa } = authSettings();
  return {
    body: {
      data: {
        username: name || email || username,
        email,
        groups,
        name,
        role,
        mfa,
        mfa_required: requireMfa && !mfa,
        mfa_enforced: requireMfa,
      },
    },
  };
});
