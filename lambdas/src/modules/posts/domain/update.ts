import type { Post } from '@agency/shared';
import type { UploadedFile } from '../../../platform/body';
import type { PostDeps, PostRecord } from './ports';
import { inTrash, lastPublishedAt, resolvePublication } from './publishing';
import { requestedBanner } from './banner-change';
import { prepare, type UpdateInput } from './input';
import { saveOver } from './save-over';
import { clock, current } from './shared';

/**
 * Update a post. A `version` from the client must match the stored one (else 409). Without a status
 * the post keeps its own (a spec client editing a published post leaves it published). A new banner
 * replaces the old in the post; the old image stays the post's while a revision may bring it back.
 */
export async function updatePost(
  deps: PostDeps,
  input: UpdateInput,
  banner?: UploadedFile,
  savedBy: string | null = null,
): Promise<Post> {
  const now = clock(deps);
  const existing = await current(deps, input.id, input.version);
  if (existing.status === 'trashed') throw inTrash();
  const fields = await prepare(deps, input);
  const publication = resolvePublication(input, existing, now);
  const change = await requestedBanner(deps, input, banner, savedBy);
  const next: PostRecord = {
    ...existing,
    ...fields,
    ...publication,
    published_at:
      publication.status === 'published' ? publication.publish_at : lastPublishedAt(existing, now),
    ...change?.banner,
    updated_at: now.toISOString(),
    updated_by: savedBy,
    version: existing.version + 1,
  };
  return saveOver(deps, existing, next, change, now);
}
