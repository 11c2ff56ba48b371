import type { PageDeps } from './domain/ports';
import type { WarnLog } from '../posts/domain/ports';
import { siteRenderedPaths, sitePagePaths } from '../../platform/env';
import { CloudFrontCdn } from './adapters/cdn';
import { KeyValuePageEdge } from '../redirects/adapters/edge-store';
import { LambdaTitleCards } from '../media/adapters/image-processor';
import { DynamoMediaRepository } from '../media/adapters/media-repository';
import { LambdaPageRenderer } from './adapters/page-renderer';
import { DynamoPageStore } from './adapters/page-store';
import { DynamoPostStore } from '../posts/adapters/post-store';
import { pageRedirects } from '../redirects/deps';
import { S3SiteFiles } from './adapters/site-files';

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
