import type { Cdn, PostRecord, PostStore, WarnLog } from './ports';
import type { JobMarkers } from '../../../platform/ports';
import { repairWordSpaces } from './sanitize';

export interface RepairDeps {
  posts: Pick<PostStore, 'listPage' | 'getPost' | 'replacePost'>;
  markers: JobMarkers;
  cdn: Cdn;
  log: WarnLog;
}

export const REPAIR_WORD_SPACES_JOB = 'repair-word-spaces';
const PAGE_SIZE = 50;
/** A post edited while the job runs is read again this many times before it is left to the sanitiser. */
const ATTEMPTS = 3;

/**
 * Rewrites posts stored before the editor fix, whose every space was U+00A0, with ordinary spaces
 * between words (the rule the sanitiser applies on write). Version and dates stay: it is a repair,
 * not an edit, so an author with the post open can still save. Marks itself done; running it again
 * does nothing unless `again` (data restored since), and running it twice at once is harmless
 * because the repair is idempotent.
 */
export async function repairStoredWordSpaces(
  deps: RepairDeps,
  { again = false }: { again?: boolean } = {},
): Promise<{ skipped: boolean; repaired: number }> {
  if (!again && (await deps.markers.isDone(REPAIR_WORD_SPACES_JOB)))
    return { skipped: true, repaired: 0 };
  const slugs: string[] = [];
  for (let page = 1, more = true; more; page += 1) {
    // Every post, drafts and scheduled ones too: they are published later with what they hold.
    const { items, hasNext } = await deps.posts.listPage(page, PAGE_SIZE, 'all');
    more = hasNext;
    for (const listed of items) {
      let post: PostRecord | null = listed;
      for (let attempt = 1; post && attempt <= ATTEMPTS; attempt += 1) {
        const content = repairWordSpaces(post.content);
        if (content === post.content) break;
        const outcome = await deps.posts.replacePost({ ...post, content }, post.version);
        if (outcome === 'updated') {
          slugs.push(post.slug);
          break;
        }
        // Edited meanwhile: that write went through the sanitiser; look at what it stored.
        post = outcome === 'stale' ? await deps.posts.getPost(post.id) : null;
      }
    }
  }
  if (slugs.length > 0) {
    try {
      await deps.cdn.invalidate(slugs);
    } catch (error) {
      deps.log.warn('cache invalidation failed', { error, slugs });
    }
  }
  await deps.markers.markDone(REPAIR_WORD_SPACES_JOB);
  return { skipped: false, repaired: slugs.length };
}
