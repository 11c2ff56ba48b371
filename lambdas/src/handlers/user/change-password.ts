import { identity, throttle } from '../../adapters/account-deps';
import { changePassword, PASSWORD_CHANGED } from '../../domain/password';
import { defineHandler } from '../../lib/http';

const deps = { passwords: identity, identity, throttle };

export const handler = defineHandler('changePassword', async (req) => {
  await changePassword(deps, req.admin.accessToken, req.body);
  return { body: { data: { message: PASSWORD_CHANGED } } };
});
