/**
 * The origin secret's timing and cache, shared by the API functions (lambdas/src/platform) and the
 * render function (web/src/server). Zod-free and import-free: the render function loads it at
 * start.
 */

/**
 * How long a function keeps the origin secret's values it read. A rotation waits longer than this
 * (origin-rotation.ts, PENDING_WAIT_MS) before CloudFront sends the next value, so every warm
 * container has re-read the pending one by then.
 */
export const ORIGIN_SECRET_CACHE_MS = 5 * 60_000;

/**
 * `read` at most once per `maxAgeMs` (ORIGIN_SECRET_CACHE_MS unless told). A failed read is not
 * kept and rejects, so the caller answers 5xx rather than letting a call in; concurrent calls share
 * one read.
 */
export function cachedRead<T>(
  read: () => Promise<T>,
  options: { maxAgeMs?: number; now?: () => number } = {},
): () => Promise<T> {
  const maxAgeMs = options.maxAgeMs ?? ORIGIN_SECRET_CACHE_MS;
  const now = options.now ?? Date.now;
  let held: { value: T; at: number } | undefined;
  let pending: Promise<T> | undefined;
  return async () => {
    if (held && now() - held.at < maxAgeMs) return held.value;
    pending ??= read()
      .then((value) => {
        held = { value, at: now() };
        return value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}
