import * as z from 'zod';

/** localStorage key of the slugs this browser has already counted a view for. */
export const VIEWED_POSTS_KEY = 'viewedPosts';

const viewedList = z.array(z.string());

/** The remembered slugs; anything unreadable counts as none. */
export function readViewed(storage: Storage): string[] {
  try {
    const raw = storage.getItem(VIEWED_POSTS_KEY);
    if (raw === null) return [];
    const parsed = viewedList.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
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
