import type { Post } from '@agency/shared';
import type { UploadedFile } from '../../../platform/body';
import type { PostDeps, PostRecord } from './ports';
import { imagesOf, referenceChanges } from './references';
import { invalidate, isLive, resolvePublication } from './publishing';
import { dropRegistered, requestedBanner } from './banner-change';
import { prepare, type PostInput } from './input';
import { present } from './present';
import { clock } from './shared';
import { keepAddresses, write } from './write';

/**
 * Create a post: the post, its slug guard, the usage counts of its category and author and the
 * claims on the library images it shows are one transaction, so a slug taken meanwhile, a category
 * or image deleted meanwhile, or a function stopped half-way leaves nothing behind. Without a
 * status the post is published now; only a live post's pages are invalidated.
 */
export async function createPost(
  deps: PostDeps,
  input: PostInput,
  banner?: UploadedFile,
  savedBy: string | null = null,
): Promise<Post> {
  const now = clock(deps);
  const fields = await prepare(deps, input);
  const publication = resolvePublication(input, null, now);
  const change = await requestedBanner(deps, input, banner, savedBy);
  let id: number;
  try {
    id = await deps.posts.nextPostId();
  } catch (error) {
    await dropRegistered(deps, change);
    throw error;
  }
  const at = now.toISOString();
  const record: PostRecord = {
    id,
    ...fields,
    ...publication,
    ...(change?.banner ?? { banner_key: null, banner: null }),
    created_at: at,
    updated_at: at,
    updated_by: savedBy,
    version: 1,
  };
  await write(deps, change, {
    post: record,
    replaces: null,
    slug: { claim: record.slug },
    references: referenceChanges(null, record),
    images: imagesOf(record),
  });
  if (isLive(record, now)) {
    await invalidate(deps, [record.slug]);
    await keepAddresses(deps, null, record, now);
  }
  return present(deps, record);
}
