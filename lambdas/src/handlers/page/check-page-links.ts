import { BLOCK_TYPES } from '@agency/shared';
import { DynamoPageStore } from '../../adapters/page-store';
import { DynamoPostStore } from '../../adapters/post-store';
import { DynamoRedirectStore } from '../../adapters/redirect-store';
import { checkLinks, type LinkCheckDeps } from '../../domain/pages/links';
import { isLive } from '../../domain/publishing';
import { sitePagePaths } from '../../lib/env';
import { defineHandler } from '../../lib/http';

const pages = new DynamoPageStore();
const posts = new DynamoPostStore();
const redirects = new DynamoRedirectStore();

/**
 * The element ids a page's blocks give (`sectionId`, the enquiry form's `anchor`): the visible
 * blocks of its live copy, else of its draft.
 */
const anchorsOf = (blocks: readonly { type: string; hidden?: boolean }[]): Set<string> =>
  new Set(
    blocks.flatMap((b) => {
      if (b.hidden || !(b.type in BLOCK_TYPES)) return [];
      const { sectionId, anchor } = b as { sectionId?: unknown; anchor?: unknown };
      return [sectionId, anchor].filter((id): id is string => typeof id === 'string' && id !== '');
    }),
  );

const deps: LinkCheckDeps = {
  addresses: {
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
  },
  async isRedirectSource(path) {
    return (await redirects.get(path)) !== null;
  },
  async page(path) {
    const page = await pages.get(path);
    if (!page || page.retired_at !== null) return null;
    return {
      live: page.published !== null,
      anchors: anchorsOf((page.published ?? page.content).blocks),
    };
  },
};

export const handler = defineHandler('checkPageLinks', async (req) => ({
  body: { data: await checkLinks(deps, req.body.links) },
}));
