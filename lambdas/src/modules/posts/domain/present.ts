import { postContent, type Author, type Category, type Image, type Post } from '@agency/shared';
import type { PostDeps, PostRecord } from './ports';
import { purgeAt } from './publishing';

/** Site path of a stored banner object: served by CloudFront (and the local server) under /media/. */
export const bannerPath = (key: string | null): string | null => (key ? `/media/${key}` : null);

export interface Names {
  categories: Map<number, Category>;
  authors: Map<number, Author>;
}

export async function namesOf(deps: Pick<PostDeps, 'taxonomy'>): Promise<Names> {
  const [categories, authors] = await Promise.all([
    deps.taxonomy.categories(),
    deps.taxonomy.authors(),
  ]);
  return {
    categories: new Map(categories.map((c) => [c.id, c])),
    authors: new Map(authors.map((a) => [a.id, a])),
  };
}

/** A stored version's banner and category and author, as the API answers them. */
export const namedReferences = (
  stored: Pick<PostRecord, 'banner_key' | 'banner' | 'category_id' | 'author_id'>,
  names: Names,
): {
  banner_image: string | null;
  banner: Image | null;
  category: Category | null;
  author: Author | null;
} => ({
  banner_image: bannerPath(stored.banner_key),
  banner: stored.banner ?? null,
  category: stored.category_id !== null ? (names.categories.get(stored.category_id) ?? null) : null,
  author: stored.author_id !== null ? (names.authors.get(stored.author_id) ?? null) : null,
});

/** The API shape of a stored post. */
export function toPost(record: PostRecord, views: number, names: Names): Post {
  return {
    id: record.id,
    ...postContent.parse(record),
    ...namedReferences(record, names),
    created_at: record.created_at,
    updated_at: record.updated_at,
    views,
    version: record.version,
    status: record.status,
    publish_at: record.publish_at,
    purge_at: purgeAt(record),
  };
}

/** A stored post as the API answers it, with its views and its category and author named. */
export async function present(deps: PostDeps, record: PostRecord): Promise<Post> {
  const [views, names] = await Promise.all([deps.posts.views([record.id]), namesOf(deps)]);
  return toPost(record, views.get(record.id) ?? 0, names);
}
