import { pageDeps } from '../deps';
import { retirePage } from '../domain/live';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('deletePage', async (req) => {
  const data = await retirePage(pageDeps(req.log), req.body);
  return {
    body: {
      message: data.redirect_to
        ? `Page retired: its address now leads to ${data.redirect_to}.`
        : 'Page retired: its address now answers 404.',
      data,
    },
    audit: { event: 'retired', label: data.redirect_to ? `→ ${data.redirect_to}` : undefined },
  };
});
