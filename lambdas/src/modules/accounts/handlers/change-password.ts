import { identity, throttle } from '../deps';
import { changePassword, PASSWORD_CHANGED } from '../domain/password';
import { defineHandler } from '../../../platform/http';

const deps = { passwords: identity, identity, throttle };

export const handler = defineHandler('changePassword', async (req) => {
  await changePassword(deps, req.admin.accessToken, req.body);
  return { body: { data: { message: PASSWORD_CHANGED } } };
});
