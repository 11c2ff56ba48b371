import { buildPath, contract, type LivePageLink, type SiteSettings } from '@agency/shared';
import type { PostPage, PostResult } from '../features/blog/api';

/** The API could not give the render handler what it needs (down, timed out, or answered nonsense). */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
}

export interface Upstream {
  getPost(slug: string): Promise<PostResult>;
  listPosts(page: number): Promise<PostPage>;
  /** The published block pages (public `listLivePages`): what the sitemap lists besides the blog. */
  listLivePages?(): Promise<LivePageLink[]>;
  /** The published site settings (public `getLiveSiteSettings`): the blog pages' header and footer. */
  getLiveSiteSettings?(): Promise<SiteSettings>;
}

/** Pages fetched at most when walking the whole list (sitemap): a runaway `next` chain stops here. */
export const MAX_PAGES = 500;

const TIMEOUT_MS = 8000;

/** The public API over HTTP at `origin`, parsed with the contract's response schemas. */
export function httpUpstream(origin: string, fetchImpl: typeof fetch = fetch): Upstream {
  const base = origin.replace(/\/+$/, '');
  const send = async (
    path: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown }> => {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new UpstreamError(
        `API unreachable at ${base}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, body };
  };

  return {
    async getPost(slug) {
      // The public read the edge caches by slug (the render function reads through CloudFront).
      const { status, body } = await send(buildPath('getPublishedPost', {}, { slug }), {
        method: contract.getPublishedPost.method,
        headers: { accept: 'application/json' },
      });
      if (status === 404 || status === 400) return { found: false };
      if (status !== 200) throw new UpstreamError(`getPublishedPost answered ${status}`);
      const parsed = contract.getPublishedPost.response.safeParse(body);
      if (!parsed.success) throw new UpstreamError('getPublishedPost answered an unexpected body');
      return { found: true, ...parsed.data.data };
    },
    async listPosts(page) {
      const { status, body } = await send(buildPath('listPosts', {}, { page }), {
        method: contract.listPosts.method,
        headers: { accept: 'application/json' },
      });
      if (status !== 200) throw new UpstreamError(`listPosts answered ${status}`);
      const parsed = contract.listPosts.response.safeParse(body);
      if (!parsed.success) throw new UpstreamError('listPosts answered an unexpected body');
      return parsed.data;
    },
    async listLivePages() {
      const { status, body } = await send(buildPath('listLivePages'), {
        method: contract.listLivePages.method,
        headers: { accept: 'application/json' },
      });
      if (status !== 200) throw new UpstreamError(`listLivePages answered ${status}`);
      const parsed = contract.listLivePages.response.safeParse(body);
      if (!parsed.success) throw new UpstreamError('listLivePages answered an unexpected body');
      return parsed.data.data;
    },
    async getLiveSiteSettings() {
      const { status, body } = await send(buildPath('getLiveSiteSettings'), {
        method: contract.getLiveSiteSettings.method,
        headers: { accept: 'application/json' },
      });
      if (status !== 200) throw new UpstreamError(`getLiveSiteSettings answered ${status}`);
      const parsed = contract.getLiveSiteSettings.response.safeParse(body);
      if (!parsed.success)
        throw new UpstreamError('getLiveSiteSettings answered an unexpected body');
      return parsed.data.data;
    },
  };
}

/** Posts of the list from the newest, until `limit` are collected or the list ends. */
export async function newestPosts(
  upstream: Upstream,
  limit = Number.POSITIVE_INFINITY,
): Promise<PostPage['results']> {
  const posts: PostPage['results'] = [];
  for (let page = 1; page <= MAX_PAGES && posts.length < limit; page += 1) {
    const res = await upstream.listPosts(page);
    posts.push(...res.results);
    if (res.next === null || res.results.length === 0) break;
  }
  return posts.slice(0, limit);
}
