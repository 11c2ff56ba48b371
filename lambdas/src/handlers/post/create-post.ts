import { postDeps } from '../../adapters/post-deps';
import { createPost } from '../../domain/posts';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('createPost', async (req) => ({
  body: {
    data: await createPost(postDeps(req.log), req.body, req.files.banner_image, req.admin.username),
  },
}));
