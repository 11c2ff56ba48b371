import { postDeps } from '../../adapters/post-deps';
import { createPost } from '../../domain/posts/create';
import { defineHandler } from '../../lib/http';
import { METRICS, putMetric } from '../../lib/metrics';

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
