import { redirectDeps } from '../deps';
import { updateRedirect } from '../domain/redirects';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('updateRedirect', async (req) => {
  const saved = await updateRedirect(redirectDeps(), req.body);
  return {
    body: { message: 'Redirect saved.', ...saved },
    audit: { label: `${saved.data.from} → ${saved.data.to} (${saved.data.status})` },
  };
});
