import type { LiveAddresses } from '../domain/redirects';
import { isLive } from '../../posts/domain/publishing';
import { sitePagePaths } from '../../../platform/env';
import { DynamoPageStore } from '../../pages/adapters/page-store';
import { DynamoPostStore } from '../../posts/adapters/post-store';

// Created once per cold start; each reads its client and table at call time.
const posts = new DynamoPostStore();
const pages = new DynamoPageStore();

/**
 * What the site answers at an address: live posts from the post store (the slug's owner,
 * published and due), pages from the page records, the build's own routes from SITE_PAGE_PATHS.
 * The redirect rules and the page editor's link check both ask it.
 */
export const liveAddresses: LiveAddresses = {
  async livePost(slug) {
    const id = await posts.slugOwner(slug);
    const post = id === null ? null : await posts.getPost(id);
    return post !== null && post.slug === slug && isLive(post, new Date());
  },
  pagePatterns: sitePagePaths,
  async pageState(path) {
    const page = await pages.get(path);
    if (!page) return null;
    if (page.retired_at !== null) return 'retired';
    return page.published === null ? null : 'live';
  },
};
