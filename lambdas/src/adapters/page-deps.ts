import type { PageDeps } from '../domain/pages/ports';
import type { WarnLog } from '../domain/post-ports';
import { siteRenderedPaths, sitePagePaths } from '../lib/env';
import { CloudFrontCdn } from './cdn';
import { KeyValuePageEdge } from './edge-store';
import { LambdaTitleCards } from './image-processor';
import { DynamoMediaRepository } from './media-repository';
import { LambdaPageRenderer } from './page-renderer';
import { DynamoPageStore } from './page-store';
import { DynamoPostStore } from './post-store';
import { pageRedirects } from './redirect-deps';
import { S3SiteFiles } from './site-files';

// Created once per cold start; each reads its clients and settings at call time.
const pages = new DynamoPageStore();
const posts = new DynamoPostStore();
const media = new DynamoMediaRepository();

/** The AWS implementations of the page domain's ports, logging best-effort steps to `log`. */
export const pageDeps = (log: WarnLog): PageDeps => ({
  pages,
  media,
  settings: pages,
  renderer: new LambdaPageRenderer(),
  cards: new LambdaTitleCards(),
  files: new S3SiteFiles(),
  cdn: new CloudFrontCdn(),
  edge: new KeyValuePageEdge(),
  redirects: pageRedirects,
  addresses: {
    postSlug: async (slug) => (await posts.slugOwner(slug)) !== null,
    sitePatterns: sitePagePaths,
    renderedPatterns: siteRenderedPaths,
  },
  log,
});

/** The page store alone: the readers need nothing else (no SDK client but DynamoDB). */
export const pageStore = (): DynamoPageStore => pages;
