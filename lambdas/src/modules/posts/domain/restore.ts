import { postContent, type Post } from '@agency/shared';
import type { PostDeps, PostRecord } from './ports';
import { inTrash } from './publishing';
import { sanitizeContent, sanitizeTitle } from './sanitize';
import { cleanContent } from './input';
import { revisionOfPost } from './revisions';
import { saveOver } from './save-over';
import { clock, current } from './shared';

/**
 * Make a kept version the current one, as a new update: its content fields, banner, category and
 * author come back, and the version it replaces is kept in turn (history stays linear). The post's
 * publication stays as it is, so a restore never publishes or unpublishes by surprise; a category
 * or author deleted since comes back empty.
 */
export async function restoreRevision(
  deps: PostDeps,
  input: { id: number; revision: number; version?: number | undefined },
  savedBy: string | null = null,
): Promise<Post> {
  const now = clock(deps);
  const existing = await current(deps, input.id, input.version);
  if (existing.status === 'trashed') throw inTrash();
  const kept = await revisionOfPost(deps, existing, input.revision);
  const [category, author] = await Promise.all([
    kept.category_id !== null ? deps.taxonomy.category(kept.category_id) : null,
    kept.author_id !== null ? deps.taxonomy.author(kept.author_id) : null,
  ]);
  const next: PostRecord = {
    ...existing,
    ...cleanContent(postContent.parse(kept), sanitizeContent(kept.content)),
    title: sanitizeTitle(kept.title) || existing.title,
    banner_key: kept.banner_key,
    banner: kept.banner ?? null,
    category_id: category ? category.id : null,
    author_id: author ? author.id : null,
    updated_at: now.toISOString(),
    updated_by: savedBy,
    version: existing.version + 1,
  };
  return saveOver(deps, existing, next, undefined, now);
}
