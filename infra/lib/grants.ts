/**
 * Every function's AWS permissions as IAM sees them. What each function may do is data in its
 * module (`lambdas/src/modules/<module>/grants.ts`, gathered as `@agency/lambdas/grants`); this file
 * maps that data to IAM actions and resources, adds what the handler wrapper needs, and re-exports
 * the tables for the constructs and tests.
 */
import { TABLES, type TableName } from '@agency/lambdas/tables';
import {
  OPERATION_GRANTS,
  accountCheck,
  type FunctionGrants,
  type MediaPrefix,
  type SiteFileAccess,
  type TableAccess,
  type TableGrant,
  type MediaAccess,
} from '@agency/lambdas/grants';
import {
  groupsAllowed,
  writesAudit,
  BANNER_PREFIX,
  IMAGE_PREFIX,
  TITLE_CARD_PREFIX,
  UPLOAD_PREFIX,
  type OperationName,
} from '@agency/shared';

export * from '@agency/lambdas/grants';

/** The tables of TABLES, in a fixed order. */
export const TABLE_NAMES: readonly TableName[] = [
  'content',
  'leads',
  'views',
  'stats',
  'team',
  'audit',
  'analytics',
  'visitors',
];

/**
 * What a function may do with a table (TableAccess); each level maps to the fewest DynamoDB actions it needs.
 * The narrow ones are for the account tables: `get` reads one item by its key (no query), `update`
 * changes fields of an item, and `put` writes a whole item (the audit trail's only permission: its
 * writer makes each PutItem conditional on a new random key, so no record is ever replaced).
 */
export const TABLE_ACTIONS: Record<TableAccess, readonly string[]> = {
  read: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    // A transaction's ConditionCheck: reads an item to decide, writes nothing.
    'dynamodb:ConditionCheckItem',
  ],
  /** Querying an index (a grant naming `index`): the only read an index takes. */
  query: ['dynamodb:Query'],
  write: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  delete: ['dynamodb:DeleteItem'],
  get: ['dynamodb:GetItem'],
  update: ['dynamodb:UpdateItem'],
  put: ['dynamodb:PutItem'],
};

export const MEDIA_ACTIONS: Record<MediaAccess, string> = {
  read: 's3:GetObject',
  put: 's3:PutObject',
  delete: 's3:DeleteObject',
};

/**
 * The key prefixes of the media bucket, each a different trust level: raw uploads nobody has
 * checked yet (never served, expire), processed images (served), and banners from before the media
 * library (served until the image migration, an operator's command, moves them). A grant names the
 * prefix, so a function that may write uploads cannot touch what is served.
 */
export const MEDIA_PREFIXES = {
  uploads: UPLOAD_PREFIX,
  images: IMAGE_PREFIX,
  banners: BANNER_PREFIX,
  cards: TITLE_CARD_PREFIX,
} as const satisfies Record<MediaPrefix, string>;

export const SITE_FILE_ACTIONS: Record<SiteFileAccess, string> = {
  put: 's3:PutObject',
  delete: 's3:DeleteObject',
  read: 's3:GetObject',
};

/**
 * What the 404 log's job may read of the access-log bucket: `s3:GetObject` on CloudFront's log
 * files (the distribution's `logFilePrefix`), nothing else there (not the buckets' S3 access logs).
 */
export const ACCESS_LOG_READ = { actions: ['s3:GetObject'], prefix: 'cloudfront/' } as const;

/** A staff operation: one the access table lists (auth 'admin', or a public one with an admin view). */
export const isStaffOperation = (name: OperationName): boolean => groupsAllowed(name).length > 0;

/** Appending to the audit trail: PutItem on its table and nothing else (no read, change or delete). */
const auditAppend: TableGrant = { access: ['put'] };

/** `grants` with `more` added to its table grants. */
function withTables(
  grants: FunctionGrants,
  more: Partial<Record<TableName, TableGrant>>,
): FunctionGrants {
  const tables = { ...grants.tables };
  for (const name of TABLE_NAMES) {
    const extra = more[name];
    if (!extra) continue;
    const had = tables[name];
    tables[name] = had ? [...(Array.isArray(had) ? had : [had]), extra] : extra;
  }
  return { ...grants, tables };
}

/**
 * The permissions of one operation's function: its row of OPERATION_GRANTS, plus what the handler
 * wrapper does for it: reading the caller's account record on every staff call, and appending to
 * the audit trail for the audited ones.
 */
export const grantsOf = (name: OperationName): FunctionGrants =>
  withTables(OPERATION_GRANTS[name] ?? {}, {
    ...(isStaffOperation(name) ? { team: accountCheck } : {}),
    ...(writesAudit(name) ? { audit: auditAppend } : {}),
  });

/** Index names of a table, straight from TABLES. */
export const indexNamesOf = (table: TableName): string[] =>
  Object.values(TABLES[table].indexes).map((i: { name: string }) => i.name);
