import { TIMINGS } from '@agency/shared';
import { apiRoutes, apiUrl } from '../../lib/api-routes';
import { whenShown } from '../../lib/beacon';

/** localStorage key of the slugs this browser has already counted a view for. */
export const VIEWED_POSTS_KEY = 'viewedPosts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The remembered slugs; anything unreadable counts as none. */
export function readViewed(storage: Storage): string[] {
  try {
    const raw = storage.getItem(VIEWED_POSTS_KEY);
    if (raw === null) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every((s) => typeof s === 'string') ? parsed : [];
  } catch {
    return [];
  }
}

/** Remember `slug` as viewed; true when it was new (so a view should be counted). */
export function rememberView(slug: string, storage: Storage): boolean {
  const seen = readViewed(storage);
  if (seen.includes(slug)) return false;
  try {
    storage.setItem(VIEWED_POSTS_KEY, JSON.stringify([...seen, slug]));
  } catch {
    // Storage full or blocked: still count this view once for this page load.
  }
  return true;
}

/** localStorage key of the counts the server answered for the views this browser counted. */
export const VIEW_COUNTS_KEY = 'viewCounts';
/** Counts kept at most (the newest); an older post falls back to the count its page carries. */
const KEPT_COUNTS = 100;

function readCounts(storage: Storage): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(VIEW_COUNTS_KEY) ?? '{}');
    if (!isRecord(parsed) || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (e): e is [string, number] => typeof e[1] === 'number' && Number.isInteger(e[1]),
      ),
    );
  } catch {
    return {};
  }
}

/**
 * Keep the count the server answered when this browser's view was counted. A page can be an older
 * copy (the edge keeps a post page for minutes), so a visitor back on it would otherwise see the
 * count from before their own view.
 */
export function rememberCount(slug: string, views: number, storage: Storage): void {
  const counts = readCounts(storage);
  delete counts[slug];
  const kept = [...Object.entries(counts), [slug, views] as const].slice(-KEPT_COUNTS);
  try {
    storage.setItem(VIEW_COUNTS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or blocked: the page's own count shows next time.
  }
}

/** The count kept for a post this browser counted, or null. */
export function rememberedCount(slug: string, storage: Storage): number | null {
  return readCounts(storage)[slug] ?? null;
}

/** The `views` of an increaseView answer (`{ data: { views } }`), or null for any other body. */
export function viewsOf(body: unknown): number | null {
  if (!isRecord(body) || !isRecord(body.data)) return null;
  const { views } = body.data;
  return typeof views === 'number' && Number.isInteger(views) && views >= 0 ? views : null;
}

/**
 * Ask the server to count one view of a post: the count it now holds, or null when it answered
 * anything else. Post pages count on their first load, so this is a plain request whose one number
 * is checked here, not a `callApi` call that would bring the contract's schemas along.
 */
export async function countView(slug: string): Promise<number | null> {
  const response = await fetch(apiUrl('increaseView'), {
    method: apiRoutes.increaseView.method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ slug }),
  });
  if (!response.ok) return null;
  return viewsOf(await response.json().catch(() => null));
}

/**
 * Count one view per browser per post: about 200 ms after the post is shown (a page the browser
 * prerenders counts once it is shown), a slug not yet remembered is remembered and the server counts
 * it; `show` gets the count it answered, or, for a post counted on an earlier visit, the count kept
 * then. Used by the post page's hook and by the page script. Returns a cancel function.
 */
export function scheduleViewCount(slug: string, show: (views: number) => void): () => void {
  let alive = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const count = (): void => {
    const storage = window.localStorage;
    if (!rememberView(slug, storage)) {
      const known = rememberedCount(slug, storage);
      if (known !== null) show(known);
      return;
    }
    countView(slug)
      .then((views) => {
        if (views === null) return;
        rememberCount(slug, views, storage);
        if (alive) show(views);
      })
      .catch(() => {
        // The shown count stays the stored one; the visit is not worth an error message.
      });
  };
  whenShown(() => {
    if (alive) timer = setTimeout(count, TIMINGS.viewCountDelayMs);
  });
  return () => {
    alive = false;
    clearTimeout(timer);
  };
}
