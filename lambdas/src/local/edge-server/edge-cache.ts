import { CACHE_POLICIES, type CachePolicyName } from '@agency/shared/edge';

/** An origin's answer as the edge keeps it: status, headers and the whole body. */
export interface CachedReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

interface Entry {
  reply: CachedReply;
  path: string;
  storedAt: number;
  /** Fresh until then; past it, stale. */
  expiresAt: number;
  /** Until then a stale copy answers at once while one refresh runs behind it. */
  staleWhileRevalidateUntil: number;
  /** Until then a stale copy answers when the origin fails. */
  staleIfErrorUntil: number;
}

/** Where a kept answer stands when it is asked for. */
export type Freshness = 'fresh' | 'stale-while-revalidate' | 'stale-if-error';

/** An answer the cache gives: the kept reply, its age in seconds and where it stands. */
export interface KeptReply {
  reply: CachedReply;
  ageSeconds: number;
  freshness: Freshness;
}

/**
 * Answers the local edge keeps at most; past it the least recently used go first, as CloudFront
 * evicts (a local stack asked for many pages must not grow without end).
 */
export const MAX_ENTRIES = 2000;

/** How long CloudFront keeps an error answer that says nothing of it (ErrorCachingMinTTL's default). */
const ERROR_TTL_SECONDS = 10;

/** Origin statuses on which CloudFront answers with a stale copy that stale-if-error still covers. */
const ORIGIN_ERRORS = new Set([500, 502, 503, 504]);

/** Statuses CloudFront caches by the cache policy's TTLs (others it keeps as errors, or never). */
const CACHEABLE = new Set([200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]);

/** A policy CloudFront caches with, with its TTLs and the query-string parameters in the key. */
type CustomPolicy = Extract<
  (typeof CACHE_POLICIES)[CachePolicyName],
  { ttlSeconds: { min: number; default: number; max: number } }
>;

const cacheDirective = (cacheControl: string, name: string): number | undefined => {
  const match = new RegExp(`(?:^|,)\\s*${name}\\s*=\\s*"?(\\d+)"?`, 'i').exec(cacheControl);
  return match?.[1] === undefined ? undefined : Number(match[1]);
};

/**
 * How long CloudFront keeps an answer under a policy (its "Managing how long content stays in the
 * cache"): `s-maxage`, else `max-age`, within the policy's minimum and maximum; `no-store`,
 * `no-cache` or `private` without either, the minimum; nothing said, the default. An error status
 * that says nothing is kept for ERROR_TTL_SECONDS.
 */
export function ttlSeconds(policy: CustomPolicy, status: number, cacheControl = ''): number {
  const { min, max } = policy.ttlSeconds;
  const age = cacheDirective(cacheControl, 's-maxage') ?? cacheDirective(cacheControl, 'max-age');
  if (age !== undefined) return Math.min(max, Math.max(min, age));
  if (/(?:^|,)\s*(?:no-store|no-cache|private)\b/i.test(cacheControl)) return min;
  if (status >= 400) return ERROR_TTL_SECONDS;
  return policy.ttlSeconds.default;
}

/**
 * How long past its freshness an answer may still be served, as its Cache-Control says
 * (`stale-while-revalidate`, `stale-if-error`; RFC 5861, which CloudFront honours). An answer that
 * must not be stored (`no-store`, `private`) is never served stale.
 */
export function staleSeconds(cacheControl = ''): {
  whileRevalidate: number;
  ifError: number;
} {
  if (/(?:^|,)\s*(?:no-store|private)\b/i.test(cacheControl))
    return { whileRevalidate: 0, ifError: 0 };
  return {
    whileRevalidate: cacheDirective(cacheControl, 'stale-while-revalidate') ?? 0,
    ifError: cacheDirective(cacheControl, 'stale-if-error') ?? 0,
  };
}

/** Whether a CloudFront invalidation path (`/blog/a`, `/blog*`, `/*`) covers a request path. */
export function invalidates(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

/** What `serve` answers with: a kept copy (fresh or stale), or the origin's own answer. */
export type Served<R> = ({ from: 'cache' } & KeptReply) | { from: 'origin'; reply: R };

/** How `serve` reaches the origin and what of its answers it may keep. */
export interface OriginFetch<R> {
  /** Ask the origin (a GET); it may throw when the origin cannot be reached. */
  fetch: () => Promise<R>;
  /** The copy of an answer this stand-in can keep, or null (a HEAD's, a streamed body, a cookie). */
  keep: (reply: R) => CachedReply | null;
  /** An answer the edge does not pass on (a failure a stale copy stands in for): release its body. */
  drop?: (reply: R) => void;
}

/**
 * The local edge's cache of the behaviours CloudFront caches with a policy of ours (today the
 * rendered blog pages, `pages`): keyed as the policy says (the path and the query-string parameters
 * it names; the encoding is the viewer's, chosen when the answer is sent), kept for the TTL CloudFront
 * would keep it and, stale, as long as its stale-while-revalidate or stale-if-error lasts, emptied by
 * the CloudFront stand-in's invalidations. GET answers serve GET and HEAD.
 */
export class EdgeCache {
  private readonly entries = new Map<string, Entry>();
  /** The refreshes running behind stale answers, one a key. */
  private readonly refreshes = new Map<string, Promise<void>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** The cache key of a request under a policy (the path and the query parameters the policy keeps). */
  key(policyName: CachePolicyName, path: string, query: string): string | null {
    const policy = CACHE_POLICIES[policyName];
    if (!('ttlSeconds' in policy)) return null;
    const kept = new URLSearchParams();
    if (policy.queryStrings !== 'none')
      for (const [name, value] of new URLSearchParams(query))
        if (
          policy.queryStrings === 'all' ||
          (policy.queryStrings as readonly string[]).includes(name)
        )
          kept.append(name, value);
    kept.sort();
    const q = kept.toString();
    return `${policyName} ${path}${q ? `?${q}` : ''}`;
  }

  /** A kept answer, fresh or stale within one of its windows, or undefined (none, or past them all). */
  lookup(key: string): KeptReply | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    this.entries.delete(key);
    const freshness: Freshness | undefined =
      now < entry.expiresAt
        ? 'fresh'
        : now < entry.staleWhileRevalidateUntil
          ? 'stale-while-revalidate'
          : now < entry.staleIfErrorUntil
            ? 'stale-if-error'
            : undefined;
    if (!freshness) return undefined;
    // Last in the map's order: the most recently used.
    this.entries.set(key, entry);
    return { reply: entry.reply, ageSeconds: Math.floor((now - entry.storedAt) / 1000), freshness };
  }

  /** A fresh kept answer and its age in seconds, or undefined (none, or past its TTL). */
  get(key: string): { reply: CachedReply; ageSeconds: number } | undefined {
    const kept = this.lookup(key);
    return kept?.freshness === 'fresh'
      ? { reply: kept.reply, ageSeconds: kept.ageSeconds }
      : undefined;
  }

  /**
   * Keep an origin's GET answer for as long as CloudFront would (its TTL, then its stale windows);
   * whether it was kept. One it may not keep leaves the key's previous answer in place.
   */
  put(key: string, policyName: CachePolicyName, path: string, reply: CachedReply): boolean {
    const policy = CACHE_POLICIES[policyName];
    if (!('ttlSeconds' in policy) || !CACHEABLE.has(reply.status)) return false;
    const cacheControl = reply.headers['cache-control'];
    const ttl = ttlSeconds(policy, reply.status, cacheControl);
    const stale = staleSeconds(cacheControl);
    if (ttl <= 0 && stale.whileRevalidate <= 0 && stale.ifError <= 0) return false;
    const storedAt = this.now();
    const expiresAt = storedAt + ttl * 1000;
    this.entries.delete(key);
    this.entries.set(key, {
      reply,
      path,
      storedAt,
      expiresAt,
      staleWhileRevalidateUntil: expiresAt + stale.whileRevalidate * 1000,
      staleIfErrorUntil: expiresAt + stale.ifError * 1000,
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return true;
  }

  /**
   * Answer a GET or HEAD as CloudFront does from what it keeps: a fresh copy as it is; a stale copy
   * within its stale-while-revalidate at once, while one refresh a key asks the origin behind it;
   * past that, the origin's answer (kept when it may be), unless the origin fails (500, 502, 503,
   * 504, or no answer) while the copy's stale-if-error lasts, when the stale copy answers instead.
   * Past every window, the origin's answer goes through, failure or not.
   */
  async serve<R extends { status: number }>(
    key: string,
    policyName: CachePolicyName,
    path: string,
    origin: OriginFetch<R>,
  ): Promise<Served<R>> {
    const kept = this.lookup(key);
    if (kept?.freshness === 'fresh') return { from: 'cache', ...kept };
    if (kept?.freshness === 'stale-while-revalidate') {
      this.refreshBehind(key, policyName, path, origin);
      return { from: 'cache', ...kept };
    }
    let reply: R;
    try {
      reply = await origin.fetch();
    } catch (error) {
      if (kept) return { from: 'cache', ...kept };
      throw error;
    }
    if (kept && ORIGIN_ERRORS.has(reply.status)) {
      origin.drop?.(reply);
      return { from: 'cache', ...kept };
    }
    this.keepOrForget(key, policyName, path, origin.keep(reply));
    return { from: 'origin', reply };
  }

  /** Wait for the refreshes running behind stale answers. */
  async settled(): Promise<void> {
    await Promise.all(this.refreshes.values());
  }

  private refreshBehind<R extends { status: number }>(
    key: string,
    policyName: CachePolicyName,
    path: string,
    origin: OriginFetch<R>,
  ): void {
    if (this.refreshes.has(key)) return;
    const refresh = (async () => {
      try {
        const reply = await origin.fetch();
        // A failing origin leaves the stale copy for the next request (stale-if-error's to judge).
        if (ORIGIN_ERRORS.has(reply.status)) origin.drop?.(reply);
        else this.keepOrForget(key, policyName, path, origin.keep(reply));
      } catch {
        // Unreachable: the same.
      } finally {
        this.refreshes.delete(key);
      }
    })();
    this.refreshes.set(key, refresh);
  }

  /**
   * Keep an origin's new answer. One CloudFront would not keep (a 403, `no-store`) replaces the
   * stale copy by nothing; one only this stand-in cannot hold (`keep` gave null: a HEAD's, a
   * streamed body) leaves it.
   */
  private keepOrForget(
    key: string,
    policyName: CachePolicyName,
    path: string,
    reply: CachedReply | null,
  ): void {
    if (reply && !this.put(key, policyName, path, reply)) this.entries.delete(key);
  }

  /** Drop what the invalidation paths cover (every query variant of a path); how many were dropped. */
  invalidate(paths: readonly string[]): number {
    let dropped = 0;
    for (const [key, entry] of this.entries)
      if (paths.some((p) => invalidates(p, entry.path))) {
        this.entries.delete(key);
        dropped++;
      }
    return dropped;
  }

  get size(): number {
    return this.entries.size;
  }
}
