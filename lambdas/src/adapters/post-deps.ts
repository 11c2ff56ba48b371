import type { PostDeps, WarnLog } from '../domain/post-ports';
import { CloudFrontCdn } from './cdn';
import { S3MediaStore } from './media';
import { mediaDeps } from './media-deps';
import { DynamoPostStore } from './post-store';
import { DynamoStatsStore } from './stats-store';
import { DynamoTaxonomyStore } from './taxonomy-store';

// Created once per cold start; each reads its clients and table names at call time.
const posts = new DynamoPostStore();
const taxonomy = new DynamoTaxonomyStore();
const media = new S3MediaStore();
const library = mediaDeps();
const cdn = new CloudFrontCdn();
const viewStats = new DynamoStatsStore();
// Loaded by the writes that need it: the KeyValueStore client is no cost to the post readers.
const redirects: PostDeps['redirects'] = {
  renamed: async (from, to) => (await import('./redirect-deps')).postRedirects.renamed(from, to),
  live: async (slug) => (await import('./redirect-deps')).postRedirects.live(slug),
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
