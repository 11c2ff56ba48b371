import { pageDeps } from '../deps';
import { restoreRetiredPage } from '../domain/retired';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('restorePage', async (req) => {
  const data = await restoreRetiredPage(pageDeps(req.log), req.body, req.admin);
  return {
    body: {
      message: `Page ${data.path} restored as a draft: publish it to put it back on the site.`,
      data,
    },
    audit: { event: 'restored', label: `${data.title} (from retired)` },
  };
});
