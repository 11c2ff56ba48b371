import { postDeps } from '../../adapters/post-deps';
import { deletePost } from '../../domain/posts';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('deletePost', async (req) => ({
  body: { message: 'Post deleted.', data: await deletePost(postDeps(req.log), req.body.id) },
}));
