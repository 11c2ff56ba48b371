import { BLOCK_TYPES } from '@agency/shared';
import { liveAddresses } from '../../redirects/adapters/live-addresses';
import { DynamoPageStore } from '../adapters/page-store';
import { DynamoRedirectStore } from '../../redirects/adapters/redirect-store';
import { checkLinks, type LinkCheckDeps } from '../domain/links';
import { defineHandler } from '../../../platform/http';

const pages = new DynamoPageStore();
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
  addresses: liveAddresses,
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
