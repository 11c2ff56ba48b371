import { postViewers } from '../../analytics/deps';
import { postDeps } from '../deps';
import { increaseView } from '../domain/count-view';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('increaseView', async (req) => ({
  body: {
    data: await increaseView({ ...postDeps(req.log), viewers: postViewers() }, req.body.slug, {
      ip: req.sourceIp,
      headers: req.headers,
    }),
  },
}));
