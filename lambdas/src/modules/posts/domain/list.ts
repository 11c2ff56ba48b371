import { buildPath, POST_PAGE_SIZE, type Post, type PostStatus } from '@agency/shared';
import { unauthenticated } from '../../../platform/errors';
import type { ListView, PostDeps } from './ports';
import { isLive } from './publishing';
import { namesOf, toPost } from './present';
import { filters, postFilter } from './search';
import { clock } from './shared';

/** A list call's search and filters, as the contract reads them. */
export interface ListFilters {
  q?: string | undefined;
  category_id?: number | undefined;
  author_id?: number | undefined;
}

/** Which list a caller may see: the public the live posts, an admin every status or one. */
export function listViewFor(
  asAdmin: boolean,
  status: 'all' | PostStatus | undefined,
  filter: ListFilters = {},
): ListView {
  if (asAdmin) return status ?? 'all';
  // The search reads whole lists' partitions: the admins' tool, not a public one to run at will.
  if (filters(postFilter(filter)))
    throw unauthenticated('Sign in as an administrator to search or filter the posts.');
  if (status === undefined || status === 'published') return 'live';
  throw unauthenticated('Sign in as an administrator to list drafts and scheduled posts.');
}

/**
 * A page of posts, newest publication first, with API links to the neighbouring pages. The links
 * repeat an explicit `status` and any search and filters before the page, so they still end in
 * `page=N` as the spec reads them.
 */
export async function listPosts(
  deps: PostDeps,
  page: number,
  listView: ListView = 'live',
  status?: string,
  filter: ListFilters = {},
): Promise<{ results: Post[]; next: string | null; previous: string | null }> {
  const now = clock(deps);
  const [{ items, hasNext }, names] = await Promise.all([
    deps.posts.listPage(page, POST_PAGE_SIZE, listView, postFilter(filter)),
    namesOf(deps),
  ]);
  // The live index holds only published posts; checking the time too costs nothing and keeps the rule in one place.
  const shown = listView === 'live' ? items.filter((r) => isLive(r, now)) : items;
  const views =
    shown.length > 0 ? await deps.posts.views(shown.map((p) => p.id)) : new Map<number, number>();
  const query = (n: number): Record<string, string | number> => ({
    ...(status ? { status } : {}),
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.category_id === undefined ? {} : { category_id: filter.category_id }),
    ...(filter.author_id === undefined ? {} : { author_id: filter.author_id }),
    page: n,
  });
  return {
    results: shown.map((r) => toPost(r, views.get(r.id) ?? 0, names)),
    next: hasNext ? buildPath('listPosts', {}, query(page + 1)) : null,
    previous: page > 1 ? buildPath('listPosts', {}, query(page - 1)) : null,
  };
}
