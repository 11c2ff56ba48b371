import { redirectDeps } from '../deps';
import { createRedirect } from '../domain/redirects';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('createRedirect', async (req) => {
  const saved = await createRedirect(redirectDeps(), req.body);
  return {
    body: { message: 'Redirect added.', ...saved },
    audit: { label: `${saved.data.from} → ${saved.data.to} (${saved.data.status})` },
  };
});
