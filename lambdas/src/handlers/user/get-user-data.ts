import { roleOf } from '@agency/shared';
import { CognitoIdentity } from '../../adapters/identity';
import { defineHandler } from '../../lib/http';

const identity = new CognitoIdentity();

export const handler = defineHandler('getUserData', async (req) => {
  const profile = await identity.profile(req.admin.accessToken);
  return {
    body: {
      data: {
        username: profile.username || req.admin.username,
        email: profile.email,
        groups: req.admin.groups,
        name: profile.name,
        role: roleOf(req.admin.groups),
        mfa: false,
        mfa_required: false,
      },
    },
  };
});
