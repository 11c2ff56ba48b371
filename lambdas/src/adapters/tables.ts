/**
 * Table keys and index names: the one definition that both the repositories here and the
 * CDK Data construct (infra/) read, so the deployed tables and the queries cannot drift.
 */
export const TABLES = {
  /** Posts, categories, authors, slug guards, counters, throttles and captcha replay records. */
  content: {
    envVar: 'CONTENT_TABLE',
    partitionKey: 'pk',
    sortKey: 'sk',
    /** Time-to-live attribute, filtered in code too (dynalite has no TTL). */
    expiresAt: 'expiresAt',
    indexes: {
      /** Posts newest first: gsi1pk = "POSTS", gsi1sk = created_at ISO + "#" + zero-padded id. */
      byDate: { name: 'byDate', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    },
  },
  /** One item per enquiry. */
  leads: {
    envVar: 'LEADS_TABLE',
    partitionKey: 'pk',
    sortKey: 'sk',
    expiresAt: 'expiresAt',
    indexes: {
      /** Leads newest first: gsi1pk = "LEADS", gsi1sk = created_at ISO + "#" + id. */
      byDate: { name: 'byDate', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
      /** Leads whose e-mail is still pending: sparse index read by the retry job. */
      pending: { name: 'pending', partitionKey: 'pendingPk', sortKey: 'gsi1sk' },
    },
  },
  /** One counter item per post, keyed by post id, incremented with ADD. */
  views: {
    envVar: 'VIEWS_TABLE',
    partitionKey: 'postId',
    partitionKeyType: 'N',
    indexes: {},
  },
} as const;

export type TableName = keyof typeof TABLES;

/**
 * Partition keys of categories and authors in the content table. Every record of a kind starts with
 * its prefix (the items, `<prefix>#COUNTER` and `<prefix>#NAME#<key>`), so a grant can be limited to
 * one kind's records.
 */
export const TAXONOMY_PREFIXES = { category: 'CATEGORY', author: 'AUTHOR' } as const;
