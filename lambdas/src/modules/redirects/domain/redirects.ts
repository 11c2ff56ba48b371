import {
  buildPath,
  EDGE_PAGE_VALUES,
  formatBytes,
  normaliseRedirectPath,
  normaliseTarget,
  REDIRECT_BUDGET_BYTES,
  REDIRECT_LIMITS,
  RESERVED_MESSAGES,
  reservedReason,
  reservedSources,
  type ReservedReason,
  redirectValue,
  targetKey,
  utf8Bytes,
  type Redirect,
  type RedirectInput,
  type RedirectStatus,
} from '@agency/shared';
import {
  badGateway,
  conflict,
  DomainError,
  notFound,
  stale,
  taken,
} from '../../../platform/errors';
import { foldCase } from '../../../platform/search-form';

/**
 * Redirects: DynamoDB keeps the table of record, the CloudFront KeyValueStore the copy the edge
 * answers from. Every stored redirect leads straight to its end: no target is itself a redirected
 * source (chains are collapsed when they form), so the edge answers with one hop and nothing loops.
 *
 * Those rules hold under concurrency: every write of the graph (a redirect added, changed or
 * removed, a slug change's, a retired page's, one dropped because its source is live again) reads
 * the graph's version item first and writes on condition that it is unchanged, raising its version
 * in the same transaction; a writer that lost the race reads everything again and decides afresh
 * (retried here, with a short random pause, rather than answered 409). The version item also keeps
 * the bytes all redirects take in the edge store, so two writers cannot both take its last room.
 */

export type RedirectRecord = Redirect;

/** The redirect graph's version item: raised by every write, with the bytes all redirects take. */
export interface RedirectGraph {
  version: number;
  /** Bytes of every redirect's key and value in the edge store (`bytesOf`). */
  bytes: number;
}

/** A change of the table of record, written as one transaction. */
export interface RedirectWrite {
  /** The version read (null: no version item yet, the first write makes it) and what it becomes. */
  graph: { expect: number | null; next: RedirectGraph };
  /** Redirects to write; `expect` is the `updated_at` the stored one must still have (null: none stored). */
  puts: { record: RedirectRecord; expect: string | null }[];
  /** Sources to delete, each only while its `updated_at` is as read. */
  deletes: { from: string; expect: string }[];
  /** 404 log entries to drop (their paths are redirected now). */
  dropNotFound: string[];
}

/** The table of record (modules/redirects/adapters/redirect-store.ts). */
export interface RedirectStore {
  get(from: string): Promise<RedirectRecord | null>;
  /** The graph's version item, read consistently; null before the first write made it. */
  graph(): Promise<RedirectGraph | null>;
  /** The redirects stored now at these sources (consistent reads), by source. */
  getMany(froms: readonly string[]): Promise<Map<string, RedirectRecord>>;
  /** The redirects whose target is the site path `key` (its store key). */
  leadingTo(key: string): Promise<RedirectRecord[]>;
  /** All of it, or nothing: `changed` when the graph's version or a record was not as expected. */
  write(change: RedirectWrite): Promise<'written' | 'changed'>;
  page(
    page: number,
    size: number,
    q?: string,
  ): Promise<{ items: RedirectRecord[]; hasNext: boolean; count: number }>;
  /** Every redirect (the rebuild). */
  all(): Promise<RedirectRecord[]>;
  /**
   * Write the search text again where it is not what a write makes now (redirects saved before it
   * changed); each only while the redirect is as read. How many were written.
   */
  refreshSearch(): Promise<number>;
}

/** The edge's copy (modules/redirects/adapters/edge-store.ts): the KeyValueStore the CloudFront Function reads. */
export interface EdgeStore {
  /** Put and delete keys; a stale ETag is read again and the change retried. */
  update(puts: { key: string; value: string }[], deletes: string[]): Promise<void>;
  /**
   * Make these keys what the table holds now: the store's ETag read first, then `read` (the
   * table's redirect values of the keys), then UpdateKeys on that ETag, all again when another
   * writer changed the store in between; so a write from an older reading of the table can never
   * land after one from a newer. A key `read` leaves out is deleted only while the store holds a
   * redirect there (a page's entry, EDGE_PAGE_VALUES, stays). In batches of 50 keys (AWS's limit).
   */
  sync(
    keys: readonly string[],
    read: (keys: readonly string[]) => Promise<Map<string, string>>,
  ): Promise<{ put: number; deleted: number }>;
  /** Bytes the store holds (keys and values). */
  size(): Promise<number>;
  /** Every key and value (the rebuild compares them). */
  entries(): Promise<Map<string, string>>;
}

/** What answers at a site path today, besides redirects. */
export interface LiveAddresses {
  /** Whether a post is published (live now) at this slug. */
  livePost(slug: string): Promise<boolean>;
  /** The site's own pages (prerendered, rendered, the app's), as edge patterns; `/blog/*` is posts'. */
  pagePatterns(): readonly string[];
  /**
   * The marketing page at a path, which overrides the build's patterns: `live` (published),
   * `retired` (gone: a redirect may take its address), or null (no page, or a draft).
   */
  pageState?(path: string): Promise<'live' | 'retired' | null>;
}

export interface RedirectDeps {
  store: RedirectStore;
  edge: EdgeStore;
  addresses: LiveAddresses;
  now?: () => Date;
}

const BLOG_PREFIX = '/blog/';
/** The path of a post's public page. */
export const postPath = (slug: string): string => normaliseRedirectPath(`${BLOG_PREFIX}${slug}`);

const matches = (pattern: string, path: string): boolean => {
  if (!pattern.endsWith('/*')) return normaliseRedirectPath(pattern) === path;
  const prefix = normaliseRedirectPath(pattern.slice(0, -2)) + '/';
  return path.startsWith(prefix) && path.length > prefix.length;
};

/**
 * Why a source cannot be redirected: a reserved address (the site's own files, the API, the admin
 * and sign-in pages: shared/src/edge/reserved-sources.ts, the list the edge function never
 * redirects, with the files the build's pages list), a page of the site, a live post; null when it can.
 */
export async function liveAt(
  addresses: LiveAddresses,
  from: string,
): Promise<ReservedReason | 'page' | 'post' | null> {
  const reserved = reservedReason(from, reservedSources({ rendered: addresses.pagePatterns() }));
  if (reserved) return reserved;
  if (from === '/') return 'page';
  if (from.startsWith(BLOG_PREFIX) && from.length > BLOG_PREFIX.length) {
    const slug = from.slice(BLOG_PREFIX.length);
    if (!slug.includes('/') && (await addresses.livePost(decodeSlug(slug)))) return 'post';
    return null;
  }
  const state = (await addresses.pageState?.(from)) ?? null;
  if (state === 'live') return 'page';
  if (state === 'retired') return null;
  const pages = addresses.pagePatterns().filter((p) => p !== `${BLOG_PREFIX}*`);
  return pages.some((p) => matches(p, from)) ? 'page' : null;
}

function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

const LIVE_MESSAGES: Record<ReservedReason | 'page' | 'post', string> = {
  ...RESERVED_MESSAGES,
  page: 'is a page of the site; a redirect would hide it',
  post: 'is the address of a published post; a redirect would hide it',
};

/** `to` with the query of `from` when `to` has none of its own (what the edge does with a request's query). */
function keepQuery(to: string, from: string): string {
  const query = /\?[^#]*/.exec(from)?.[0];
  if (!query || to.includes('?')) return to;
  const hash = to.indexOf('#');
  return hash === -1 ? `${to}${query}` : `${to.slice(0, hash)}${query}${to.slice(hash)}`;
}

/**
 * Where `to` ends: a site path that is itself redirected leads on to that redirect's target (one
 * step: stored targets are never sources). Null when it ends at `from`: a loop.
 */
async function endOf(store: RedirectStore, from: string, to: string): Promise<string | null> {
  const key = targetKey(to);
  if (key === null) return to;
  if (key === from) return null;
  const next = await store.get(key);
  if (!next) return to;
  return targetKey(next.to) === from ? null : keepQuery(next.to, to);
}

/** Redirects one write may collapse: DynamoDB's 100 actions a transaction, less the redirect, its 404 entry and the graph's version item. */
export const MAX_COLLAPSED = 97;

const LOOP = () =>
  conflict('would send visitors round in a loop back to where they started', 'to', 'conflict');

function checkSize(from: string, to: string, status: RedirectStatus): void {
  if (utf8Bytes(from) > REDIRECT_LIMITS.keyMaxBytes)
    throw new DomainError(
      'invalid',
      `is too long: at most ${REDIRECT_LIMITS.keyMaxBytes} bytes`,
      'from',
      {
        code: 'too-long',
      },
    );
  if (utf8Bytes(redirectValue(status, to)) > REDIRECT_LIMITS.valueMaxBytes)
    throw new DomainError(
      'invalid',
      `is too long: the redirect's value is at most ${REDIRECT_LIMITS.valueMaxBytes} bytes`,
      'to',
      { code: 'too-long' },
    );
}

/** The store's entries of these redirects. */
const entriesOf = (records: RedirectRecord[]) =>
  records.map((r) => ({ key: r.from, value: redirectValue(r.status, r.to) }));
/** Bytes a redirect takes in the store. */
export const bytesOf = (r: { from: string; to: string; status: RedirectStatus }): number =>
  utf8Bytes(r.from) + utf8Bytes(redirectValue(r.status, r.to));

/**
 * 400 at `from` when `added` bytes more would take the redirects past their share of the edge
 * store (REDIRECT_BUDGET_BYTES: its 5 MB less the room kept for pages' entries), naming the room
 * left as the redirect list shows sizes.
 */
function checkRoom(used: number, added: number): void {
  if (added <= 0 || used + added <= REDIRECT_BUDGET_BYTES) return;
  const left = Math.max(0, REDIRECT_BUDGET_BYTES - used);
  throw new DomainError(
    'invalid',
    `does not fit: the edge's redirect store has ${formatBytes(left)} left of the ${formatBytes(REDIRECT_BUDGET_BYTES)} redirects may take, and this needs ${formatBytes(added)}; remove redirects nobody needs first`,
    'from',
    { code: 'too-large' },
  );
}

/** The graph as a write reads it: its version item, or (none yet) version 0 with the bytes counted. */
interface GraphRead extends RedirectGraph {
  expect: number | null;
}

async function readGraph(store: RedirectStore): Promise<GraphRead> {
  const graph = await store.graph();
  if (graph) return { ...graph, expect: graph.version };
  // The first write of a table from before the version item: it makes the item, counting the bytes.
  const bytes = (await store.all()).reduce((sum, r) => sum + bytesOf(r), 0);
  return { version: 0, bytes, expect: null };
}

/** The version item after a write that changes the redirects' bytes by `added`. */
const nextGraph = (graph: GraphRead, added: number): RedirectWrite['graph'] => ({
  expect: graph.expect,
  next: { version: graph.version + 1, bytes: Math.max(0, graph.bytes + added) },
});

/** Tries of a graph write lost to other writers before the author hears 409 (they are rare). */
export const GRAPH_ATTEMPTS = 10;
const CHANGED = Symbol('changed');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Run `attempt` on a fresh reading of the graph until its write is not refused for the graph having
 * changed (CHANGED), pausing a random while that grows between tries.
 */
async function onGraph<T>(
  store: RedirectStore,
  attempt: (graph: GraphRead) => Promise<T | typeof CHANGED>,
): Promise<T> {
  for (let n = 1; ; n++) {
    const outcome = await attempt(await readGraph(store));
    if (outcome !== CHANGED) return outcome;
    if (n >= GRAPH_ATTEMPTS)
      throw stale('The redirects kept changing meanwhile. Reload the list and try again.');
    await pause(Math.random() * Math.min(400, 15 * 2 ** n));
  }
}

/** The table's redirect values at these sources now, as the edge store keeps them. */
async function tableValues(
  store: RedirectStore,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const found = await store.getMany(keys);
  return new Map(entriesOf([...found.values()]).map((e) => [e.key, e.value]));
}

/**
 * Make the edge store's keys `keys` what the table holds now. A failure leaves the table written
 * (the hourly rebuild makes the store follow): 502 saying so, not a 500.
 */
async function followEdge(deps: RedirectDeps, keys: readonly string[]): Promise<void> {
  try {
    await deps.edge.sync(keys, (k) => tableValues(deps.store, k));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw badGateway(
      `The redirects are saved, but the edge store could not follow (${error instanceof Error ? error.name : 'error'}); the hourly rebuild makes it follow.`,
    );
  }
}

export interface Saved {
  data: RedirectRecord;
  collapsed: RedirectRecord[];
}

interface SaveOptions {
  origin: RedirectRecord['origin'];
  /** Create: refuse a source already redirected (409). Update: the source must be redirected (404). */
  mode: 'create' | 'update' | 'upsert';
  /** Refuse a source that is a live page or post (409); the slug-change redirects know it is not. */
  checkLive: boolean;
}

/** What a save would write, read from the graph as it is now; throws the rule it breaks. */
async function plan(
  deps: RedirectDeps,
  graph: GraphRead,
  input: RedirectInput,
  options: SaveOptions,
): Promise<{ write: RedirectWrite; saved: Saved }> {
  const { store } = deps;
  const from = input.from;
  const existing = await store.get(from);
  if (existing && options.mode === 'create')
    throw taken('is already redirected; edit that redirect instead', 'from');
  if (!existing && options.mode === 'update') throw notFound('The redirect');
  const end = await endOf(store, from, input.to);
  if (end === null) throw LOOP();
  checkSize(from, end, input.status);
  const now = (deps.now?.() ?? new Date()).toISOString();
  const record: RedirectRecord = {
    from,
    to: end,
    status: input.status,
    // The manager's edits say the note and make the redirect theirs; a slug change keeps both.
    note: options.mode === 'upsert' ? (existing?.note ?? null) : (input.note ?? null),
    origin: options.mode === 'upsert' ? (existing?.origin ?? options.origin) : 'manual',
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  const leading = (await store.leadingTo(from)).filter((r) => r.from !== from);
  // One transaction holds the redirect, the ones it collapses, the 404 entry and the version item.
  if (leading.length > MAX_COLLAPSED)
    throw conflict(
      `is the target of ${leading.length} redirects, more than ${MAX_COLLAPSED} can be moved at once: point some of them elsewhere first`,
      'from',
      'conflict',
    );
  const collapsed = leading.map((r) => ({ ...r, to: keepQuery(end, r.to), updated_at: now }));
  if (collapsed.some((r) => targetKey(r.to) === r.from)) throw LOOP();
  for (const r of collapsed) checkSize(r.from, r.to, r.status);
  const added =
    bytesOf(record) -
    (existing ? bytesOf(existing) : 0) +
    collapsed.reduce((sum, r, i) => sum + bytesOf(r) - bytesOf(leading[i] ?? r), 0);
  checkRoom(graph.bytes, added);
  return {
    write: {
      graph: nextGraph(graph, added),
      puts: [
        { record, expect: existing?.updated_at ?? null },
        ...collapsed.map((r, i) => ({ record: r, expect: leading[i]?.updated_at ?? null })),
      ],
      deletes: [],
      dropNotFound: [from],
    },
    saved: { data: record, collapsed },
  };
}

/**
 * Write one redirect: its target followed to its end, the redirects that led to its source made to
 * lead to that end too (A → B then B → C stores A → C and B → C), then the edge store. 409 for a
 * loop, a live source, or (create) a source already redirected; 400 past the store's limits.
 */
async function save(
  deps: RedirectDeps,
  input: RedirectInput,
  options: SaveOptions,
): Promise<Saved> {
  if (options.checkLive) {
    const live = await liveAt(deps.addresses, input.from);
    if (live) throw conflict(LIVE_MESSAGES[live], 'from', 'conflict');
  }
  const saved = await onGraph(deps.store, async (graph) => {
    const { write, saved } = await plan(deps, graph, input, options);
    return (await deps.store.write(write)) === 'written' ? saved : CHANGED;
  });
  await followEdge(deps, [saved.data.from, ...saved.collapsed.map((r) => r.from)]);
  return saved;
}

/** A rule a redirect would break: the error's kind, its code and what it says of the field. */
export interface RedirectRefusal {
  kind: DomainError['kind'];
  code: DomainError['code'];
  /** The sentence without the field's name in front. */
  reason: string;
}

/**
 * Whether a redirect `from` → `to` (301) could be saved now, without saving it: the rule it would
 * break (a source the site keeps for itself, a loop, past the store's limits), or null. A retiring
 * page asks before its record is written (its own address is still live, which is no reason here).
 */
export async function checkRedirect(
  deps: RedirectDeps,
  from: string,
  to: string,
): Promise<RedirectRefusal | null> {
  try {
    const live = await liveAt(deps.addresses, from);
    if (live && live !== 'page' && live !== 'post')
      throw conflict(LIVE_MESSAGES[live], 'from', 'conflict');
    const target = targetKey(to);
    if (
      target &&
      reservedReason(target, reservedSources({ rendered: deps.addresses.pagePatterns() }))
    )
      throw conflict(
        'is an address the site keeps for itself (its files, the API, the admin or the sign-in page): a retired page cannot lead there',
        'to',
        'conflict',
      );
    const input = { from, to, status: 301 as const, note: undefined };
    await plan(deps, await readGraph(deps.store), input, {
      origin: 'manual',
      mode: 'upsert',
      checkLive: false,
    });
    return null;
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind === 'not-found') throw error;
    const prefix = error.field ? `${error.field}: ` : '';
    const reason = error.message.startsWith(prefix)
      ? error.message.slice(prefix.length)
      : error.message;
    return { kind: error.kind, code: error.code, reason };
  }
}

/** Add a redirect from the manager. */
export const createRedirect = (deps: RedirectDeps, input: RedirectInput): Promise<Saved> =>
  save(deps, input, { origin: 'manual', mode: 'create', checkLive: true });

/** Change a redirect's target, status or note. */
export const updateRedirect = (deps: RedirectDeps, input: RedirectInput): Promise<Saved> =>
  save(deps, input, { origin: 'manual', mode: 'update', checkLive: true });

/** Remove the redirect from `from` (table, then edge); false when there is none. */
async function remove(deps: RedirectDeps, from: string): Promise<boolean> {
  // None there now: nothing to write (a page published, a post live, asks every time).
  if (!(await deps.store.get(from))) return false;
  const removed = await onGraph(deps.store, async (graph) => {
    const existing = await deps.store.get(from);
    if (!existing) return false;
    const outcome = await deps.store.write({
      graph: nextGraph(graph, -bytesOf(existing)),
      puts: [],
      deletes: [{ from, expect: existing.updated_at }],
      dropNotFound: [],
    });
    return outcome === 'written' ? true : CHANGED;
  });
  if (removed) await followEdge(deps, [from]);
  return removed;
}

/** Remove a redirect from the table of record, then from the edge. */
export async function deleteRedirect(deps: RedirectDeps, from: string): Promise<void> {
  if (!(await remove(deps, from))) throw notFound('The redirect');
}

/**
 * A published post's slug changed: `/blog/{old}` → `/blog/{new}` (301), collapsed like any other
 * (redirects to the old address lead to the new one). The new address is live, so a redirect from
 * it goes first (a rename back to an earlier slug would otherwise loop).
 */
export async function redirectSlugChange(
  deps: RedirectDeps,
  oldSlug: string,
  newSlug: string,
): Promise<Saved> {
  await dropLiveRedirect(deps, newSlug);
  return save(
    deps,
    { from: postPath(oldSlug), to: `${BLOG_PREFIX}${newSlug}`, status: 301, note: undefined },
    { origin: 'slug-change', mode: 'upsert', checkLive: false },
  );
}

/** A post is live at `slug` again: a redirect from its address would hide it, so it goes. */
export const dropLiveRedirect = (deps: RedirectDeps, slug: string): Promise<boolean> =>
  dropRedirectAt(deps, postPath(slug));

/**
 * A retired page's address leads to `to` (301), collapsed like any redirect; its source is no
 * longer live, and a page's own path is a site path, so this is an upsert without the live check.
 */
export const redirectRetiredPage = (deps: RedirectDeps, from: string, to: string): Promise<Saved> =>
  save(
    deps,
    { from, to, status: 301, note: 'retired page' },
    { origin: 'manual', mode: 'upsert', checkLive: false },
  );

/** Something is live at the site path `from` again: a redirect from it goes (table, then edge). */
export const dropRedirectAt = (deps: RedirectDeps, from: string): Promise<boolean> =>
  remove(deps, from);

export interface RedirectPage {
  results: RedirectRecord[];
  next: string | null;
  previous: string | null;
  count: number;
  /** Bytes the redirects take in the edge store, and the most they may take (pages keep the rest). */
  store: { bytes: number; max_bytes: number };
}

/** A page of the redirects by source, with their use of the edge store's room for redirects. */
export async function listRedirects(
  deps: Pick<RedirectDeps, 'store' | 'edge'>,
  page: number,
  q?: string,
): Promise<RedirectPage> {
  const [{ items, hasNext, count }, graph] = await Promise.all([
    deps.store.page(page, REDIRECT_LIMITS.pageSize, q === undefined ? undefined : foldCase(q)),
    readGraph(deps.store),
  ]);
  const link = (n: number) => buildPath('listRedirects', {}, { ...(q ? { q } : {}), page: n });
  return {
    results: items,
    next: hasNext ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    count,
    store: { bytes: graph.bytes, max_bytes: REDIRECT_BUDGET_BYTES },
  };
}

const PAGE_VALUES: ReadonlySet<string> = new Set(Object.values(EDGE_PAGE_VALUES));

/** A redirect as a write stores it now: its source key and its target in the one normalisation. */
const canonicalRecord = (r: RedirectRecord): RedirectRecord => ({
  ...r,
  from: normaliseRedirectPath(r.from),
  to: normaliseTarget(r.to),
});

/** What re-keying did: redirects moved to their key (or target) of today, and what it had to drop. */
export interface Rekeyed {
  /** Redirects written again under their canonical source key and target. */
  rekeyed: number;
  /** Redirects whose target became a redirected source, made to lead straight to its end. */
  collapsed: number;
  /**
   * Redirects removed: another updated later had the same canonical key (`kept`: its source as it
   * was), its target became its own source, or it no longer fits the edge store's limits. For the
   * job's log.
   */
  discarded: Discarded[];
}

interface Discarded {
  from: string;
  to: string;
  reason: 'same-key' | 'loop' | 'too-long';
  kept?: string;
}

/** One re-keying write, the store keys it changes, and the redirect it removes, if any. */
interface RekeyStep {
  write: RedirectWrite;
  keys: string[];
  discarded: Discarded | null;
}

/** Store keys re-keying syncs at once: UpdateKeys takes 50, and a move changes two. */
const FOLLOW_BATCH = 48;

/**
 * Redirects saved before addresses had one normalisation (keys with lower-case escapes like
 * `/caf%c3%a9`, or `[ ] | ^` unescaped; targets not yet ASCII) moved to the key the edge looks a
 * request up by today: each in one graph-conditioned write (the old key deleted, the canonical one
 * put, the version raised and the bytes adjusted), then the edge store follows (a batch of keys at a
 * time, so a large table moves within the job's run). When the canonical
 * key already holds another redirect, the one updated last stays. Idempotent: a table in today's form
 * is not written.
 */
export async function rekeyRedirects(deps: RedirectDeps): Promise<Rekeyed> {
  const out: Rekeyed = { rekeyed: 0, collapsed: 0, discarded: [] };
  // Keys written in the table that the edge store has yet to follow (synced a batch at a time).
  const pending: string[] = [];
  for (const seen of await deps.store.all()) {
    const want = canonicalRecord(seen);
    if (want.from === seen.from && want.to === seen.to) continue;
    const done = await onGraph(deps.store, async (graph) => {
      // Read again on every try: another writer may have moved or changed it meanwhile.
      const old = await deps.store.get(seen.from);
      if (!old) return null;
      const record = canonicalRecord(old);
      if (record.from === old.from && record.to === old.to) return null;
      const drop = (reason: Discarded['reason'], kept?: string): RekeyStep => ({
        write: {
          graph: nextGraph(graph, -bytesOf(old)),
          puts: [],
          deletes: [{ from: old.from, expect: old.updated_at }],
          dropNotFound: [],
        },
        keys: [old.from],
        discarded: { from: old.from, to: old.to, reason, ...(kept ? { kept } : {}) },
      });
      const other = record.from === old.from ? null : await deps.store.get(record.from);
      let step: RekeyStep;
      if (targetKey(record.to) === record.from) step = drop('loop');
      else if (
        utf8Bytes(record.from) > REDIRECT_LIMITS.keyMaxBytes ||
        utf8Bytes(redirectValue(record.status, record.to)) > REDIRECT_LIMITS.valueMaxBytes
      )
        step = drop('too-long');
      // The redirect at the canonical key was updated later (or at once): it stays, this one goes.
      else if (other && other.updated_at >= old.updated_at) step = drop('same-key', other.from);
      else {
        const moved = record.from !== old.from;
        step = {
          write: {
            graph: nextGraph(graph, bytesOf(record) - bytesOf(old) - (other ? bytesOf(other) : 0)),
            // Over the older redirect at the canonical key, if any (one item, one action).
            puts: [{ record, expect: moved ? (other?.updated_at ?? null) : old.updated_at }],
            deletes: moved ? [{ from: old.from, expect: old.updated_at }] : [],
            dropNotFound: [record.from],
          },
          keys: moved ? [old.from, record.from] : [record.from],
          discarded: other
            ? { from: other.from, to: other.to, reason: 'same-key', kept: old.from }
            : null,
        };
      }
      return (await deps.store.write(step.write)) === 'written' ? step : CHANGED;
    });
    if (!done) continue;
    if (done.discarded) out.discarded.push(done.discarded);
    if (done.write.puts.length) out.rekeyed++;
    pending.push(...done.keys);
    if (pending.length >= FOLLOW_BATCH) await followEdge(deps, [...new Set(pending.splice(0))]);
  }
  if (pending.length) await followEdge(deps, [...new Set(pending.splice(0))]);
  await collapseChains(deps, out);
  return out;
}

/**
 * Where `r` ends when its target is itself a redirected source, followed as far as it goes (each
 * step keeping the query as the edge would); null when it comes back round: a loop.
 */
async function endThrough(store: RedirectStore, r: RedirectRecord): Promise<string | null> {
  const passed = new Set([r.from]);
  let to = r.to;
  for (;;) {
    const key = targetKey(to);
    if (key === null) return to;
    if (passed.has(key)) return null;
    const next = await store.get(key);
    if (!next) return to;
    passed.add(key);
    to = keepQuery(next.to, to);
  }
}

/**
 * Spellings that were two addresses before and are one now can leave a stored target that is a
 * source (a chain) or two redirects leading to each other (a loop), which writes otherwise never
 * store: each such redirect is made to lead straight to the end (its dates kept), or, round a loop,
 * removed, one graph-conditioned write each, the edge store following.
 */
async function collapseChains(deps: RedirectDeps, out: Rekeyed): Promise<void> {
  const records = await deps.store.all();
  const sources = new Set(records.map((r) => r.from));
  for (const seen of records) {
    const key = targetKey(seen.to);
    if (key === null || !sources.has(key)) continue;
    const done = await onGraph(deps.store, async (graph) => {
      const r = await deps.store.get(seen.from);
      if (!r) return null;
      const end = await endThrough(deps.store, r);
      if (end === r.to) return null;
      const record = end === null ? null : { ...r, to: end };
      const fits =
        record !== null &&
        utf8Bytes(redirectValue(record.status, record.to)) <= REDIRECT_LIMITS.valueMaxBytes;
      const write: RedirectWrite =
        record && fits
          ? {
              graph: nextGraph(graph, bytesOf(record) - bytesOf(r)),
              puts: [{ record, expect: r.updated_at }],
              deletes: [],
              dropNotFound: [],
            }
          : {
              graph: nextGraph(graph, -bytesOf(r)),
              puts: [],
              deletes: [{ from: r.from, expect: r.updated_at }],
              dropNotFound: [],
            };
      const discarded: Discarded | null =
        record && fits ? null : { from: r.from, to: r.to, reason: record ? 'too-long' : 'loop' };
      return (await deps.store.write(write)) === 'written' ? { discarded } : CHANGED;
    });
    if (!done) continue;
    if (done.discarded) {
      out.discarded.push(done.discarded);
      sources.delete(seen.from);
    } else out.collapsed++;
    await followEdge(deps, [seen.from]);
  }
}

/**
 * Make the edge store equal the table of record: redirects saved in an older form of their address
 * moved to today's key first (rekeyRedirects), stale search text written again, redirects whose
 * source is live again dropped, the graph's byte count made what the table holds, every redirect key that differs synced
 * from the table (EdgeStore.sync, in batches of `batch` keys), the pages' entries put where they
 * differ, and every other key deleted.
 */
export async function rebuildEdgeStore(
  deps: RedirectDeps,
  batch = 50,
  /** The edge's other entries under site paths: published and retired pages' (EDGE_PAGE_VALUES). */
  pageEntries: readonly { key: string; value: string }[] = [],
): Promise<
  {
    redirects: number;
    put: number;
    deleted: number;
    dropped: number;
    /** Redirects whose search text was written again. */
    searchRefreshed: number;
  } & Rekeyed
> {
  const rekeyed = await rekeyRedirects(deps);
  const searchRefreshed = await deps.store.refreshSearch();
  let dropped = 0;
  for (const r of await deps.store.all())
    if ((await liveAt(deps.addresses, r.from)) && (await dropRedirectAt(deps, r.from))) dropped++;
  const records = await onGraph(deps.store, async (graph) => {
    const all = await deps.store.all();
    const bytes = all.reduce((sum, r) => sum + bytesOf(r), 0);
    if (graph.expect !== null && graph.bytes === bytes) return all;
    const outcome = await deps.store.write({
      graph: { expect: graph.expect, next: { version: graph.version + 1, bytes } },
      puts: [],
      deletes: [],
      dropNotFound: [],
    });
    return outcome === 'written' ? all : CHANGED;
  });
  const redirects = new Map(entriesOf(records).map((e) => [e.key, e.value]));
  const current = await deps.edge.entries();
  // Redirect keys that differ: synced from the table as it is when each batch is written.
  const differ = [
    ...[...redirects].filter(([k, v]) => current.get(k) !== v).map(([k]) => k),
    ...[...current].filter(([k, v]) => !redirects.has(k) && !PAGE_VALUES.has(v)).map(([k]) => k),
  ];
  let put = 0;
  let deleted = 0;
  for (let i = 0; i < differ.length; i += batch) {
    const done = await deps.edge.sync(differ.slice(i, i + batch), (k) =>
      tableValues(deps.store, k),
    );
    put += done.put;
    deleted += done.deleted;
  }
  const pages = new Map(
    pageEntries.filter((e) => !redirects.has(e.key)).map((e) => [e.key, e.value]),
  );
  const pagePuts = [...pages]
    .filter(([k, v]) => current.get(k) !== v)
    .map(([key, value]) => ({ key, value }));
  const pageDeletes = [...current]
    .filter(([k, v]) => !redirects.has(k) && !pages.has(k) && PAGE_VALUES.has(v))
    .map(([k]) => k);
  // Deletes first: room for the puts in a store near its limit.
  for (let i = 0; i < pageDeletes.length; i += batch)
    await deps.edge.update([], pageDeletes.slice(i, i + batch));
  for (let i = 0; i < pagePuts.length; i += batch)
    await deps.edge.update(pagePuts.slice(i, i + batch), []);
  return {
    redirects: records.length,
    put: put + pagePuts.length,
    deleted: deleted + pageDeletes.length,
    dropped,
    searchRefreshed,
    ...rekeyed,
  };
}
