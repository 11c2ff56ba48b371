import {
  buildPath,
  normaliseRedirectPath,
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
import { conflict, DomainError, notFound, stale, taken } from '../lib/errors';

/**
 * Redirects: DynamoDB keeps the table of record, the CloudFront KeyValueStore the copy the edge
 * answers from. Every stored redirect leads straight to its end: no target is itself a redirected
 * source (chains are collapsed when they form), so the edge answers with one hop and nothing loops.
 */

export type RedirectRecord = Redirect;

/** A change of the table of record, written as one transaction. */
export interface RedirectWrite {
  /** Redirects to write; `expect` is the `updated_at` the stored one must still have (null: none stored). */
  puts: { record: RedirectRecord; expect: string | null }[];
  /** Sources to delete, each only while its `updated_at` is as read. */
  deletes: { from: string; expect: string }[];
  /** 404 log entries to drop (their paths are redirected now). */
  dropNotFound: string[];
}

/** The table of record (adapters/redirect-store.ts). */
export interface RedirectStore {
  get(from: string): Promise<RedirectRecord | null>;
  /** The redirects whose target is the site path `key` (its store key). */
  leadingTo(key: string): Promise<RedirectRecord[]>;
  /** All of it, or nothing: `changed` when a record was not as expected. */
  write(change: RedirectWrite): Promise<'written' | 'changed'>;
  page(
    page: number,
    size: number,
    q?: string,
  ): Promise<{ items: RedirectRecord[]; hasNext: boolean; count: number }>;
  /** Every redirect (the rebuild). */
  all(): Promise<RedirectRecord[]>;
}

/** The edge's copy (adapters/edge-store.ts): the KeyValueStore the CloudFront Function reads. */
export interface EdgeStore {
  /** Put and delete keys; a stale ETag is read again and the change retried. */
  update(puts: { key: string; value: string }[], deletes: string[]): Promise<void>;
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

/** Redirects one write may collapse: DynamoDB's 100 actions a transaction, less the redirect and its 404 entry. */
export const MAX_COLLAPSED = 98;

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
const bytesOf = (r: { from: string; to: string; status: RedirectStatus }) =>
  utf8Bytes(r.from) + utf8Bytes(redirectValue(r.status, r.to));

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
  const { store } = deps;
  const from = input.from;
  if (options.checkLive) {
    const live = await liveAt(deps.addresses, from);
    if (live) throw conflict(LIVE_MESSAGES[live], 'from', 'conflict');
  }
  for (let attempt = 1; ; attempt++) {
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
    // One transaction holds the redirect, the ones it collapses and the 404 entry it drops.
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
    if (added > 0 && (await deps.edge.size()) + added > REDIRECT_LIMITS.storeMaxBytes)
      throw new DomainError(
        'invalid',
        `the edge's redirect store is full (${REDIRECT_LIMITS.storeMaxBytes / 1024 / 1024} MB): remove redirects nobody needs first`,
        'from',
        { code: 'too-large' },
      );
    const outcome = await store.write({
      puts: [
        { record, expect: existing?.updated_at ?? null },
        ...collapsed.map((r, i) => ({ record: r, expect: leading[i]?.updated_at ?? null })),
      ],
      deletes: [],
      dropNotFound: [from],
    });
    if (outcome === 'changed') {
      if (attempt < 3) continue;
      throw stale('The redirects changed meanwhile. Reload the list and try again.');
    }
    await deps.edge.update(entriesOf([record, ...collapsed]), []);
    return { data: record, collapsed };
  }
}

/** Add a redirect from the manager. */
export const createRedirect = (deps: RedirectDeps, input: RedirectInput): Promise<Saved> =>
  save(deps, input, { origin: 'manual', mode: 'create', checkLive: true });

/** Change a redirect's target, status or note. */
export const updateRedirect = (deps: RedirectDeps, input: RedirectInput): Promise<Saved> =>
  save(deps, input, { origin: 'manual', mode: 'update', checkLive: true });

/** Remove a redirect from the table of record, then from the edge. */
export async function deleteRedirect(deps: RedirectDeps, from: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const existing = await deps.store.get(from);
    if (!existing) throw notFound('The redirect');
    const outcome = await deps.store.write({
      puts: [],
      deletes: [{ from, expect: existing.updated_at }],
      dropNotFound: [],
    });
    if (outcome === 'written') break;
    if (attempt >= 3) throw stale('The redirect changed meanwhile. Reload the list and try again.');
  }
  await deps.edge.update([], [from]);
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
export async function dropRedirectAt(deps: RedirectDeps, from: string): Promise<boolean> {
  const existing = await deps.store.get(from);
  if (!existing) return false;
  const outcome = await deps.store.write({
    puts: [],
    deletes: [{ from, expect: existing.updated_at }],
    dropNotFound: [],
  });
  if (outcome === 'written') await deps.edge.update([], [from]);
  return outcome === 'written';
}

export interface RedirectPage {
  results: RedirectRecord[];
  next: string | null;
  previous: string | null;
  count: number;
  store: { bytes: number; max_bytes: number };
}

/** A page of the redirects by source, with the edge store's use of its 5 MB. */
export async function listRedirects(
  deps: Pick<RedirectDeps, 'store' | 'edge'>,
  page: number,
  q?: string,
): Promise<RedirectPage> {
  const [{ items, hasNext, count }, bytes] = await Promise.all([
    deps.store.page(page, REDIRECT_LIMITS.pageSize, q?.toLowerCase()),
    deps.edge.size(),
  ]);
  const link = (n: number) => buildPath('listRedirects', {}, { ...(q ? { q } : {}), page: n });
  return {
    results: items,
    next: hasNext ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    count,
    store: { bytes, max_bytes: REDIRECT_LIMITS.storeMaxBytes },
  };
}

/**
 * Make the edge store equal the table of record: every redirect put where its value differs, every
 * other key deleted; redirects whose source is live again are dropped first. In batches of
 * `batch` keys per UpdateKeys (AWS allows 50).
 */
export async function rebuildEdgeStore(
  deps: RedirectDeps,
  batch = 50,
  /** The edge's other entries under site paths: published and retired pages' (EDGE_PAGE_VALUES). */
  pageEntries: readonly { key: string; value: string }[] = [],
): Promise<{ redirects: number; put: number; deleted: number; dropped: number }> {
  const records = await deps.store.all();
  const keep: RedirectRecord[] = [];
  let dropped = 0;
  for (const r of records) {
    if (await liveAt(deps.addresses, r.from)) {
      const outcome = await deps.store.write({
        puts: [],
        deletes: [{ from: r.from, expect: r.updated_at }],
        dropNotFound: [],
      });
      if (outcome === 'written') dropped++;
      else keep.push(r);
    } else keep.push(r);
  }
  const wanted = new Map(entriesOf(keep).map((e) => [e.key, e.value]));
  for (const e of pageEntries) if (!wanted.has(e.key)) wanted.set(e.key, e.value);
  const current = await deps.edge.entries();
  const puts = [...wanted]
    .filter(([k, v]) => current.get(k) !== v)
    .map(([key, value]) => ({ key, value }));
  const deletes = [...current.keys()].filter((k) => !wanted.has(k));
  // Deletes first: room for the puts in a store near its limit.
  for (let i = 0; i < deletes.length; i += batch)
    await deps.edge.update([], deletes.slice(i, i + batch));
  for (let i = 0; i < puts.length; i += batch) await deps.edge.update(puts.slice(i, i + batch), []);
  return { redirects: keep.length, put: puts.length, deleted: deletes.length, dropped };
}
