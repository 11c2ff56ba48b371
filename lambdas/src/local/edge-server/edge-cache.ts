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
  expiresAt: number;
}

/**
 * Answers the local edge keeps at most; past it the least recently used go first, as CloudFront
 * evicts (a local stack asked for many pages must not grow without end).
 */
export const MAX_ENTRIES = 2000;

/** How long CloudFront keeps an error answer that says nothing of it (ErrorCachingMinTTL's default). */
const ERROR_TTL_SECONDS = 10;

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

/** Whether a CloudFront invalidation path (`/blog/a`, `/blog*`, `/*`) covers a request path. */
export function invalidates(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

/**
 * The local edge's cache of the behaviours CloudFront caches with a policy of ours (today the
 * rendered blog pages, `pages`): keyed as the policy says (the path and the query-string parameters
 * it names; the encoding is the viewer's, chosen when the answer is sent), kept for the TTL CloudFront
 * would keep it, emptied by the CloudFront stand-in's invalidations. GET answers serve GET and HEAD.
 */
export class EdgeCache {
  private readonly entries = new Map<string, Entry>();

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

  /** A kept answer and its age in seconds, or undefined (none, or expired). */
  get(key: string): { reply: CachedReply; ageSeconds: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    this.entries.delete(key);
    if (now >= entry.expiresAt) return undefined;
    // Last in the map's order: the most recently used.
    this.entries.set(key, entry);
    return { reply: entry.reply, ageSeconds: Math.floor((now - entry.storedAt) / 1000) };
  }

  /** Keep an origin's GET answer for as long as CloudFront would; whether it was kept. */
  put(key: string, policyName: CachePolicyName, path: string, reply: CachedReply): boolean {
    const policy = CACHE_POLICIES[policyName];
    if (!('ttlSeconds' in policy) || !CACHEABLE.has(reply.status)) return false;
    const ttl = ttlSeconds(policy, reply.status, reply.headers['cache-control']);
    if (ttl <= 0) return false;
    const storedAt = this.now();
    this.entries.delete(key);
    this.entries.set(key, { reply, path, storedAt, expiresAt: storedAt + ttl * 1000 });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return true;
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
