/**
 * The physical names of the local stack's tables and buckets. In AWS the CDK generates them and
 * hands them to the functions through the environment; locally they are fixed, so provisioning,
 * the local environment, scripts and tests all name the same resources from this one leaf module.
 */
import type { TableName } from '../../platform/aws/tables';

/** Physical names of the local tables and bucket. */
export const LOCAL_NAMES = {
  tables: {
    content: 'content',
    leads: 'leads',
    views: 'views',
    stats: 'stats',
    team: 'team',
    audit: 'audit',
    analytics: 'analytics',
    visitors: 'visitors',
  } satisfies Record<TableName, string>,
  bucket: 'media',
  /** The site bucket: published marketing pages (the build's files stay in web/dist, read after it). */
  siteBucket: 'site',
  /** The access-log bucket: the local edge's CloudFront standard logs (under `cloudfront/`). */
  accessLogBucket: 'access-logs',
} as const;
