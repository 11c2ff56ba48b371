import { ENV_NAMES } from '@agency/shared';

/** An index: its name and key attributes. */
interface IndexKeys {
  name: string;
  partitionKey: string;
  sortKey: string;
}

/** A table keyed `pk` / `sk` whose items may expire (`expiresAt`, filtered in code too: dynalite has no TTL). */
const pkSkTable = <const E extends string, const I extends Record<string, IndexKeys>>(
  envVar: E,
  indexes: I,
) => ({ envVar, partitionKey: 'pk', sortKey: 'sk', expiresAt: 'expiresAt', indexes }) as const;

/**
 * Table keys and index names: the one definition that both the repositories here and the
 * CDK Data construct (infra/) read, so the deployed tables and the queries cannot drift.
 */
export const TABLES = {
  /**
   * Posts (pk POST#id, sk POST) with their kept revisions (sk REV#zero-padded version), categories,
   * authors, slug guards, counters, throttles and captcha replay records; redirects (pk REDIRECT,
   * sk the source's edge key: the table of record of the edge's KeyValueStore) and the 404 log
   * (pk NOTFOUND#<path>, sk NOTFOUND), see modules/redirects/adapters/redirect-store.ts.
   */
  content: pkSkTable(ENV_NAMES.contentTable, {
    /**
     * Published posts only (sparse: drafts and scheduled posts carry no gsi1 attributes), newest
     * publication first: gsi1pk = "POSTS", gsi1sk = publish_at ISO + "#" + zero-padded id. Posts
     * written before publish_at existed have created_at there, which is their publication time.
     * The 404 log shares it under gsi1pk = "NOTFOUND", gsi1sk = zero-padded count + "#" + path,
     * so its most hit paths read first.
     */
    byDate: { name: 'byDate', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /**
     * Posts not public (sparse): gsi2pk = "SCHEDULED" with gsi2sk = publish_at + "#" + id (the
     * publishing job reads the due end), "DRAFT" with gsi2sk = updated_at + "#" + id, or "TRASH"
     * with gsi2sk = trashed_at + "#" + id (the purge job reads the old end).
     */
    unpublished: { name: 'unpublished', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  }),
  /** One item per enquiry. */
  leads: pkSkTable(ENV_NAMES.leadsTable, {
    /** Leads newest first: gsi1pk = "LEADS", gsi1sk = created_at ISO + "#" + id. */
    byDate: { name: 'byDate', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /**
     * Leads with a delivery still pending (e-mail or webhook): sparse index read by the retry job.
     * `pendingPk` = "PENDING" stays while any channel is pending.
     */
    pending: { name: 'pending', partitionKey: 'pendingPk', sortKey: 'gsi1sk' },
    /** Leads per pipeline status, newest first: gsi2pk = "STATUS#<status>", gsi2sk = gsi1sk. */
    byStatus: { name: 'byStatus', partitionKey: 'gsi2pk', sortKey: 'gsi1sk' },
  }),
  /**
   * Aggregates kept as leads and views arrive, so the dashboard reads a few small partitions
   * instead of scanning: `LEADS#<week Monday>` / `TOTAL` | `SOURCE#<source>` | `SUBJECT#<subject>` |
   * `LANDING#<path>` (spam excluded) and `LEAD_STATUS` / `<status>` (every lead there is), each
   * count in `count`; and `VIEWS#<day>` / `POSTS`, one item per UTC day with a count per post viewed
   * that day in attribute `p<postId>` (why one item: modules/dashboard/adapters/stats-store.ts `viewsKey`). Counts
   * change with ADD only.
   */
  stats: pkSkTable(ENV_NAMES.statsTable, {}),
  /**
   * Staff accounts' state the API checks on every staff call: `MEMBER#<sub>` / `MEMBER` with e-mail,
   * name, enabled, mfa and validAfter (tokens issued before it are refused: sign-out everywhere,
   * role changes, disabling); and `TEAM` / `LOCK`, the lease that serialises team changes so two
   * admins cannot both remove the last other admin.
   */
  team: pkSkTable(ENV_NAMES.teamTable, {}),
  /**
   * The audit trail, append-only (functions may only PutItem, conditionally on a new key): pk
   * "AUDIT", sk = ISO time + "#" + id, newest last. Kept AUDIT.retentionDays (expiresAt, filtered in
   * code too).
   */
  audit: pkSkTable(ENV_NAMES.auditTable, {
    /** One actor's records: `actorKey` = the actor's e-mail in lower case, sorted like the table. */
    byActor: { name: 'byActor', partitionKey: 'actorKey', sortKey: 'sk' },
    /** One action's records: `action` = the operation's name. */
    byAction: { name: 'byAction', partitionKey: 'action', sortKey: 'sk' },
  }),
  /**
   * The analytics roll-ups, written by the roll-up job once a minute (modules/analytics): pk
   * `DAY#<day>#<filter>` (filter `all` or `<dimension>=<value>`), sk `total`, `hour=<HH>` or
   * `<dimension>=<value>`, with the counts visitors, pageviews, visits, bounces, seconds, timed,
   * bots; kept ANALYTICS.retentionMonths (expiresAt). `NOW#<minute>` / `NOW`: visitors whose last
   * hit fell in that minute.
   */
  analytics: pkSkTable(ENV_NAMES.analyticsTable, {}),
  /**
   * What analytics keeps of visitors, never backed up (no point-in-time recovery) and gone within
   * ANALYTICS.rawTtlHours (expiresAt, filtered in code too): the daily salt (`SALT#<day>`), raw hits
   * (`HIT#<minute>#<shard>`), each visitor's day and visit (`VISITOR#<day>#<hash>`, `VISIT#<hash>`),
   * the post views counted today (`VIEWED#<day>#<post>#<hash>`) and the roll-up job's cursor.
   */
  visitors: { ...pkSkTable(ENV_NAMES.visitorsTable, {}), backup: false },
  /** One counter item per post, keyed by post id, incremented with ADD. */
  views: {
    envVar: ENV_NAMES.viewsTable,
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

/**
 * Partition-key prefixes per table: the adapters build every key from these, and the CDK grants
 * (each module's grants.ts) limit functions to them (IAM `dynamodb:LeadingKeys`). A prefix restated
 * anywhere else would drift silently: nothing checks IAM locally, so the drift would show only as
 * AccessDenied in AWS. A value without `#` is a whole partition key (one partition per kind).
 */
export const KEY_PREFIXES = {
  content: {
    /** Posts and their revisions (`POST#<id>`). */
    post: 'POST#',
    /** Slug guards (`SLUG#<slug>`). */
    slug: 'SLUG#',
    /** The post id counter. */
    postCounter: 'COUNTER',
    /** Media library records (`MEDIA#<id>`). */
    media: 'MEDIA#',
    /** Done markers of one-off jobs (`JOB#<job>`). */
    job: 'JOB#',
    /** Redirects, one partition. */
    redirect: 'REDIRECT',
    /** The 404 log's paths (`NOTFOUND#<path>`). */
    notFound: 'NOTFOUND#',
    /** Hit counters per key and window (`RATE#<key>#<window>`). */
    rate: 'RATE#',
    /** Used captcha solutions (`ALTCHA#<signature>`). */
    altcha: 'ALTCHA#',
    /** Failed sign-ins per e-mail (`LOGIN#<keyed hash of the e-mail>`: never the typed text). */
    login: 'LOGIN#',
    /** Marketing pages and their revisions (`PAGE#<path>`, sk `PAGE` / `REV#<version>`). */
    page: 'PAGE#',
    /** The site-wide settings, one partition. */
    siteSettings: 'SETTINGS',
    /**
     * Who has an editor open (`PRESENCE#<subject>`, sk the account's sub): one item per person,
     * rewritten by each heartbeat, expiring (`expiresAt`, and filtered by time on read).
     */
    presence: 'PRESENCE#',
    /** Categories and authors: every record of a kind starts with its prefix. */
    ...TAXONOMY_PREFIXES,
  },
  leads: {
    /** A lead and its history (`LEAD#<id>`). */
    lead: 'LEAD#',
    /** What is kept of an erased lead (`ERASURE#<id>`). */
    erasure: 'ERASURE#',
  },
  stats: {
    /** Lead figures of a week (`LEADS#<Monday>`). */
    leadWeek: 'LEADS#',
    /** Leads per status, one partition. */
    leadStatus: 'LEAD_STATUS',
    /** A counted lead's marker (`COUNTED#<id>`). */
    counted: 'COUNTED#',
    /** Views of a day (`VIEWS#<day>`). */
    views: 'VIEWS#',
  },
  team: {
    /** A staff account's record (`MEMBER#<sub>`). */
    member: 'MEMBER#',
    /** The lease that serialises team changes, one partition. */
    lease: 'TEAM',
  },
  audit: {
    /** The trail, one partition. */
    audit: 'AUDIT',
  },
  analytics: {
    /** Roll-ups of a day and filter (`DAY#<day>#<filter>`). */
    day: 'DAY#',
    /** Visitors last seen in a minute (`NOW#<minute>`). */
    now: 'NOW#',
  },
  visitors: {
    /** The day's salt (`SALT#<day>`). */
    salt: 'SALT#',
    /** Raw hits of a minute and shard (`HIT#<minute>#<shard>`). */
    hit: 'HIT#',
    /** A visitor's day (`VISITOR#<day>#<hash>`). */
    visitor: 'VISITOR#',
    /** A visitor's current visit (`VISIT#<hash>`). */
    visit: 'VISIT#',
    /** A post view counted today (`VIEWED#<day>#<post>#<hash>`). */
    viewed: 'VIEWED#',
    /** The roll-up job's cursor and lease, one partition. */
    cursor: 'ROLLUP',
  },
} as const;
