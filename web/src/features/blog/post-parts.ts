/**
 * The parts of a post page that are not plain server HTML. The render handler's HTML shows each in
 * full. `LivePost` (a post the page was not rendered with, fetched in the browser) and the related
 * posts' carousel are islands (islands/registry.ts); the body is a deferred part only the app loads
 * (the admin's preview sanitises it again once live); on a public page it stays the server's HTML,
 * which the API sanitised on write.
 */
import type { ComponentProps } from 'react';
import { deferred, island } from '../../lib/deferred';
import type LivePostC from './live-post';
import type { RelatedPosts as RelatedPostsC } from './related-posts';

export const LivePost = island<ComponentProps<typeof LivePostC>>('live-post');

export const PostBody = deferred('post-body', () => import('./post-body'));

export const RelatedPosts = island<ComponentProps<typeof RelatedPostsC>>('related-posts');
