import { redirectDeps } from '../deps';
import { deleteRedirect } from '../domain/redirects';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('deleteRedirect', async (req) => {
  await deleteRedirect(redirectDeps(), req.body.from);
  return { body: { message: 'Redirect removed.', data: { from: req.body.from } } };
});
