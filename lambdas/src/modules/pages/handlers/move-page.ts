import { pageDeps } from '../deps';
import { movePage } from '../domain/move';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('movePage', async (req) => {
  const data = await movePage(pageDeps(req.log), req.body, req.admin);
  return {
    body: {
      message: data.published
        ? `Moved: the page is at ${data.path}, and its old address ${req.body.path} redirects there.`
        : `Moved: the draft is at ${data.path}.`,
      data,
    },
    audit: { event: 'moved', label: `${req.body.path} → ${data.path}` },
  };
});
