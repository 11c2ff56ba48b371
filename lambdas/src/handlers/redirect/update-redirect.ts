import { redirectDeps } from '../../adapters/redirect-deps';
import { updateRedirect } from '../../domain/redirects';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('updateRedirect', async (req) => {
  const saved = await updateRedirect(redirectDeps(), req.body);
  return {
    body: { message: 'Redirect saved.', ...saved },
    audit: { label: `${saved.data.from} → ${saved.data.to} (${saved.data.status})` },
  };
});
