import { redirectDeps } from '../deps';
import { listRedirects } from '../domain/redirects';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('listRedirects', async (req) => ({
  body: await listRedirects(redirectDeps(), req.query.page, req.query.q),
}));
