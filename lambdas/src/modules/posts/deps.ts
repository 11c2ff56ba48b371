import type { PostDeps, WarnLog } from './domain/ports';
import { CloudFrontCdn } from '../pages/adapters/cdn';
import { S3MediaStore } from './adapters/legacy-banners';
import { mediaDeps } from '../media/deps';
import { DynamoPostStore } from './adapters/post-store';
import { DynamoStatsStore } from '../dashboard/adapters/stats-store';
import { DynamoTaxonomyStore } from '../taxonomy/adapters/taxonomy-store';

// Created once per cold start; each reads its clients and table names at call time.
const posts = new DynamoPostStore();
const taxonomy = new DynamoTaxonomyStore();
const media = new S3MediaStore();
const library = mediaDeps();
const cdn = new CloudFrontCdn();
const viewStats = new DynamoStatsStore();
// Loaded by the writes that need it: the KeyValueStore client is no cost to the post readers.
const redirects: PostDeps['redirects'] = {
  renamed: async (from, to) => (await import('../redirects/deps')).postRedirects.renamed(from, to),
  live: async (slug) => (await import('../redirects/deps')).postRedirects.live(slug),
};

/** The AWS implementations of the post domain's ports, logging best-effort steps to `log`. */
export const postDeps = (log: WarnLog): PostDeps => ({
  posts,
  taxonomy,
  media,
  library,
  cdn,
  viewStats,
  redirects,
  log,
});
