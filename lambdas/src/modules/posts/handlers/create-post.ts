import { postDeps } from '../deps';
import { createPost } from '../domain/create';
import { defineHandler } from '../../../platform/http';
import { METRICS, putMetric } from '../../../platform/metrics';

export const handler = defineHandler('createPost', async (req) => {
  const data = await createPost(
    postDeps(req.log),
    req.body,
    req.files.banner_image,
    req.admin.username,
  );
  if (data.status === 'published') putMetric(METRICS.postsPublished, 1, { postId: data.id });
  return { body: { data } };
});
