import { postLink, type Image, type Post, type PostLink } from '@agency/shared';
import { notFound } from '../../../platform/errors';
import { imageOf, type MediaRecord } from '../../media/domain/ports';
import type { PostDeps, PostRecord } from './ports';
import { imagesOf } from './references';
import { isLive, listPosition } from './publishing';
import { present } from './present';
import { clock } from './shared';

/** The post holding `slug`, or null: pending or expired guards and renamed posts do not count. */
export async function bySlug(
  deps: Pick<PostDeps, 'posts'>,
  slug: string,
): Promise<PostRecord | null> {
  const owner = await deps.posts.slugOwner(slug);
  if (owner === null) return null;
  const record = await deps.posts.getPost(owner);
  return record && record.slug === slug ? record : null;
}

const linkOf = (r: PostRecord | null): PostLink | null => (r ? postLink.parse(r) : null);

export interface PostView {
  post: Post;
  prev_post: PostLink | null;
  next_post: PostLink | null;
  inline_images: Image[];
}

/** A post with its older (`prev_post`) and newer (`next_post`) published neighbours. */
async function view(deps: PostDeps, record: PostRecord, now: Date): Promise<PostView> {
  const inline = imagesOf({ content: record.content });
  const [post, near, images] = await Promise.all([
    present(deps, record),
    deps.posts.neighbours(listPosition(record, now)),
    inline.length > 0 ? deps.library.media.getMany(inline) : new Map<string, MediaRecord>(),
  ]);
  return {
    post,
    prev_post: linkOf(near.older),
    next_post: linkOf(near.newer),
    // In body order; an image deleted since (only possible through a revision) is left out.
    inline_images: inline.flatMap((id) => {
      const r = images.get(id);
      return r ? [imageOf(r)] : [];
    }),
  };
}

/**
 * One post by slug with its neighbours. The public gets only live posts (404 for a draft or a post
 * before its time, as if it did not exist); an admin gets any.
 */
export async function getPost(deps: PostDeps, slug: string, asAdmin = false): Promise<PostView> {
  const now = clock(deps);
  const record = await bySlug(deps, slug);
  if (!record || (!asAdmin && !isLive(record, now))) throw notFound('The post');
  return view(deps, record, now);
}

/** Any post by id as its public page will show it, with the neighbours it will have once public. */
export async function previewPost(deps: PostDeps, id: number): Promise<PostView> {
  const record = await deps.posts.getPost(id);
  if (!record) throw notFound('The post');
  return view(deps, record, clock(deps));
}
