import { CognitoIdentity } from '../../adapters/identity';
import { authSettings } from '../../lib/env';
import { defineHandler } from '../../lib/http';

const identity = new CognitoIdentity();

/**
 * Whether Cognito reports TOTP on for the account. The profile carries it once the sign-in work
 * adds it (UserMFASettingList); read defensively so an older profile means "not known: off".
 */
const cognitoMfa = (profile: object): boolean => Reflect.get(profile, 'mfa') === true;

/**
 * GET /api/user/user-data (every staff member, also before TOTP enrolment): who is signed in, with
 * the role the admin shows and whether the stage still waits for them to enrol an authenticator.
 * Name and TOTP state come from the account record, else from Cognito (an account from before
 * records, not signed in through the API since).
 */
export const handler = defineHandler('getUserData', async (req) => {
  const profile = await identity.profile(req.admin.accessToken);
  const email = profile.email || req.admin.email;
  const name = req.admin.name || profile.name;
  const mfa = req.admin.mfa || cognitoMfa(profile);
  return {
    body: {
      data: {
        username: name || email || req.admin.username,
        email,
        groups: req.admin.groups,
        name,
        role: req.admin.role,
        mfa,
        mfa_required: authSettings().requireMfa && !mfa,
      },
    },
  };
});
