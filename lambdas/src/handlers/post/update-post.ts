import { postDeps } from '../../adapters/post-deps';
import { updatePost } from '../../domain/posts';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('updatePost', async (req) => ({
  body: {
    data: await updatePost(postDeps(req.log), req.body, req.files.banner_image, req.admin.username),
  },
}));
