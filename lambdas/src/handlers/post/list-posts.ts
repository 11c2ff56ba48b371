import { postDeps } from '../../adapters/post-deps';
import { listPosts } from '../../domain/posts';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('listPosts', async (req) => ({
  body: await listPosts(postDeps(req.log), req.query.page),
  headers: { 'cache-control': 'public, max-age=0, s-maxage=60' },
}));
