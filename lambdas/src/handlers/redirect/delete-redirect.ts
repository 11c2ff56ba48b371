import { redirectDeps } from '../../adapters/redirect-deps';
import { deleteRedirect } from '../../domain/redirects';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('deleteRedirect', async (req) => {
  await deleteRedirect(redirectDeps(), req.body.from);
  return { body: { message: 'Redirect removed.', data: { from: req.body.from } } };
});
