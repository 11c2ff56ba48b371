import { redirectDeps } from '../../adapters/redirect-deps';
import { listRedirects } from '../../domain/redirects';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('listRedirects', async (req) => ({
  body: await listRedirects(redirectDeps(), req.query.page, req.query.q),
}));
