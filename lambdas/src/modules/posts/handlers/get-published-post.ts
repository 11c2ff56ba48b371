import { postDeps } from '../deps';
import { getPost } from '../domain/read';
import { defineHandler } from '../../../platform/http';

/**
 * Cache-Control of a published post: the edge keeps it an hour (every write that changes what it
 * shows invalidates it, cache-paths.ts), browsers a minute, so a visitor's reload is soon fresh.
 */
export const PUBLISHED_POST_CACHE_CONTROL = 'public, max-age=60, s-maxage=3600';

/** The public post read as a GET the edge caches by slug: a live post only, whatever the caller sends. */
export const handler = defineHandler('getPublishedPost', async (req) => ({
  body: { data: await getPost(postDeps(req.log), req.query.slug) },
  headers: { 'cache-control': PUBLISHED_POST_CACHE_CONTROL },
}));
