import { postDeps } from '../../adapters/post-deps';
import { increaseView } from '../../domain/posts/count-view';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('increaseView', async (req) => ({
  body: { data: await increaseView(postDeps(req.log), req.body.slug) },
}));
