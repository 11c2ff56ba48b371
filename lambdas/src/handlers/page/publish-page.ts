import { pageDeps } from '../../adapters/page-deps';
import { publishPage } from '../../domain/pages/live';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('publishPage', async (req) => {
  const data = await publishPage(pageDeps(req.log), req.body, req.admin);
  return {
    body: { message: 'Published: the page is live.', data },
    audit: { event: 'published', label: data.title },
  };
});
