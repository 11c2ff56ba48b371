/**
 * The parts of a post page whose code waits until it is needed (lib/deferred.tsx). The render
 * handler's HTML shows them in full, so on a first load each stays server HTML until then: the body
 * (sanitised again once live) until the visitor's first input, the carousel until it comes into
 * view. A post the page was not rendered with is fetched by `LivePost`.
 */
import { deferred } from '../../lib/deferred';

/** A post fetched in the browser (after a navigation, or when the page came without it). */
export const LivePost = deferred('live-post', () => import('./live-post'));

export const PostBody = deferred('post-body', () => import('./post-body'), { when: 'used' });

export const RelatedPosts = deferred('related-posts', () =>
  import('./related-posts').then((m) => ({ default: m.RelatedPosts })),
);
