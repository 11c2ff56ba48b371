import type { PageContent } from '@agency/shared';

/** A page of the seed: its address and its content, as the page API stores a page's draft and live copy. */
export type SeedPage = { readonly path: string } & PageContent;
