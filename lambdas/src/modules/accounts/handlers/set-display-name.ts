import { accounts, identity } from '../deps';
import { setDisplayName } from '../domain/team';
import { defineHandler } from '../../../platform/http';

/** PUT /api/user/account/name (every staff member): set one's own display name. */
export const handler = defineHandler('setDisplayName', async (req) => ({
  body: {
    data: await setDisplayName(
      { account: identity, accounts },
      req.admin.accessToken,
      req.body.name,
    ),
  },
  audit: { label: req.body.name },
}));
