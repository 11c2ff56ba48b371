import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  ORIGIN_VERIFY_HEADER,
  renderPagesEvent,
  type Post,
  type RenderPagesEvent,
  type RenderPagesAnswer,
  type SiteSettings,
  type TitleCard,
} from '@agency/shared';
import { RENDERED_PAGE_CACHE_CONTROL } from '@agency/shared/edge';
import {
  pageDocument,
  preparePage,
  render as renderApp,
  renderSitePages,
  type RenderOptions,
  type RenderResult,
  type SitePagesInput,
} from '../entry-server';
import { swrFallbackScript } from '../lib/head';
import { SEED_SITE_SETTINGS } from '../content/site-settings';
import { matchPage, NOT_FOUND_PATH, pagePath, renderedFiles } from '../config/pages';
import { postsInfiniteFallbackKey, type PostPage, type PostResult } from '../features/blog/api';
import { getPostKey, listPostsKey } from '../lib/api-keys';
import { postMeta } from '../features/blog/post-meta';
import { blogListPageOf } from '../features/blog/paths';
import { readServerConfig } from './config';
import { originSecrets } from './origin-secret';
import { postEntries, rssXml, sitemapXml } from './feeds';
import { mergeHead, sanitizeHeadTag } from './head-tag';
import { headFor, readManifest, type BuildManifest } from './page-html';
import { fixedPrerenderedPaths, fixedSitemapPaths, sitemapPaths } from './site-files';
import { httpUpstream, newestPosts, UpstreamError, type Upstream } from './upstream';

/** Edge caching of rendered pages (RENDERED_PAGE_CACHE_CONTROL says why): browsers revalidate, CloudFront keeps 5 minutes, then serves stale. */
export const CACHE_CONTROL = RENDERED_PAGE_CACHE_CONTROL;
/** Posts in the RSS feed. */
export const FEED_SIZE = 20;

export interface RenderHandlerDeps {
  siteUrl: string;
  upstream: Upstream;
  /** The built HTML shell; read once and kept. */
  loadShell: () => Promise<string>;
  render?: (url: string, opts: RenderOptions) => RenderResult;
  /** Loads what rendering a URL needs before `render` (default: the entry's `preparePage`). */
  prepare?: (url: string) => Promise<void>;
  /** Vite's build manifest (read once), so a page's chunks are preloaded before hydration. */
  loadManifest: () => Promise<BuildManifest>;
  /** Site paths of the prerendered pages the sitemap lists when the live pages cannot be read. */
  staticPaths?: readonly string[];
  /** Fixed prerendered pages the sitemap lists besides the live pages. */
  fixedPaths?: readonly string[];
  /**
   * The site settings blog pages render with, when fixed (tests); else the published ones from the
   * API for each page, the seed when they cannot be read.
   */
  settings?: SiteSettings;
}

type Result = APIGatewayProxyStructuredResultV2;

const log = (
  level: 'info' | 'error',
  message: string,
  extra: Record<string, unknown> = {},
): void => {
  console[level](JSON.stringify({ level, service: 'render-handler', message, ...extra }));
};

const text = (
  statusCode: number,
  body: string,
  contentType: string,
  cacheControl = CACHE_CONTROL,
  extra: Record<string, string> = {},
): Result => ({
  statusCode,
  headers: {
    'content-type': contentType,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    ...extra,
  },
  body,
});

/** The browser never needs raw head tags: data embedded in the page carries only what survives the allowlist. */
const cleanPost = (post: Post): Post => ({ ...post, head_tag: sanitizeHeadTag(post.head_tag) });

/**
 * Whether a post may be on a public page. The public API answers only these; checking again here
 * keeps a draft out of cached pages even if the API were misconfigured.
 */
const isPublic = (post: Post, now = Date.now()): boolean =>
  post.status === 'published' && post.publish_at !== null && Date.parse(post.publish_at) <= now;

const cleanPage = (page: PostPage): PostPage => ({
  ...page,
  results: page.results.filter((p) => isPublic(p)).map(cleanPost),
});

/**
 * The post slug a path shows (the registry's post page), null for other paths, or undefined when the
 * path is malformed. A post path without a slug parameter is a post published at its slug (the career article).
 */
export function slugForPath(path: string): string | null | undefined {
  const match = matchPage(path);
  if (match?.page !== 'post') return null;
  const slug = match.params.slug ?? path.slice(1);
  try {
    return decodeURIComponent(slug);
  } catch {
    return undefined;
  }
}

/** A render handler for the registry's rendered pages (the blog and its posts), the sitemap and the feed. */
export function createRenderHandler(
  deps: RenderHandlerDeps,
): (event: APIGatewayProxyEventV2) => Promise<Result> {
  const render = deps.render ?? renderApp;
  const prepare = deps.prepare ?? preparePage;
  const staticPaths = deps.staticPaths ?? sitemapPaths;
  const fixedPaths = deps.fixedPaths ?? fixedSitemapPaths;
  /** The settings a blog page is drawn with: the published ones, read for each page it renders. */
  const currentSettings = async (): Promise<SiteSettings> => {
    if (deps.settings) return deps.settings;
    if (!deps.upstream.getLiveSiteSettings) return SEED_SITE_SETTINGS;
    try {
      return await deps.upstream.getLiveSiteSettings();
    } catch (err) {
      log('error', 'site settings unavailable; drawing the page with the seed', {
        error: err instanceof Error ? err.message : String(err),
      });
      return SEED_SITE_SETTINGS;
    }
  };

  /**
   * The sitemap's pages besides the blog: the live block pages from the API (a page published at a
   * new path joins it), else the build's list.
   */
  const listedPages = async (): Promise<{ path: string; lastmod?: string }[]> => {
    if (!deps.upstream.listLivePages) return staticPaths.map((p) => ({ path: p }));
    try {
      const live = await deps.upstream.listLivePages();
      return [
        ...live.map((p) => ({ path: p.path, lastmod: p.published_at })),
        ...fixedPaths.map((p) => ({ path: p })),
      ];
    } catch (err) {
      log('error', 'Live pages unavailable; the sitemap lists the built pages', {
        error: err instanceof Error ? err.message : String(err),
      });
      return staticPaths.map((p) => ({ path: p }));
    }
  };
  let shell: Promise<string> | null = null;
  const getShell = (): Promise<string> => {
    shell ??= deps.loadShell().catch((err: unknown) => {
      shell = null;
      throw err;
    });
    return shell;
  };

  let manifest: Promise<BuildManifest> | null = null;
  const getManifest = (): Promise<BuildManifest> => (manifest ??= deps.loadManifest());

  const page = async (
    url: string,
    path: string,
    fallback: Record<string, unknown>,
    post: Post | null,
    upstreamDown = false,
  ): Promise<Result> => {
    const [settings] = await Promise.all([currentSettings(), prepare(url)]);
    const rendered = render(url, { swrFallback: fallback, siteUrl: deps.siteUrl, settings });
    const meta = post ? postMeta(post, deps.siteUrl, settings.name) : rendered.meta;
    const html = pageDocument(
      { shell: await getShell(), manifest: await getManifest() },
      path,
      rendered,
      {
        page: null,
        settings,
        siteUrl: deps.siteUrl,
        head: mergeHead(headFor(meta, deps.siteUrl, settings), post?.head_tag ?? ''),
      },
      swrFallbackScript(fallback),
    );
    if (upstreamDown)
      return text(503, html, 'text/html; charset=utf-8', 'no-store', { 'retry-after': '30' });
    return text(rendered.status, html, 'text/html; charset=utf-8');
  };

  const withUpstream = async (
    url: string,
    path: string,
    /** What the page is rendered with; null: there is no such page (the not-found page, 404). */
    load: () => Promise<{ fallback: Record<string, unknown>; post: Post | null } | null>,
  ): Promise<Result> => {
    try {
      const loaded = await load();
      if (loaded === null) return await page(NOT_FOUND_PATH, path, {}, null);
      return await page(url, path, loaded.fallback, loaded.post);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      log('error', 'API unavailable; serving the page without data', { path, error: err.message });
      // The browser fetches the data itself after hydration; crawlers are told to come back.
      return page(url, path, {}, null, true);
    }
  };

  return async (event) => {
    const method = event.requestContext.http.method.toUpperCase();
    const rawPath = event.rawPath || '/';
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const url = event.rawQueryString ? `${path}?${event.rawQueryString}` : path;
    const respond = async (): Promise<Result> => {
      if (method !== 'GET' && method !== 'HEAD')
        return text(405, 'Method not allowed', 'text/plain; charset=utf-8', 'no-store', {
          allow: 'GET, HEAD',
        });
      try {
        if (path === renderedFiles.sitemap) {
          const posts = (await newestPosts(deps.upstream)).filter((p) => isPublic(p));
          const entries = [
            ...(await listedPages()),
            { path: pagePath('blogList'), lastmod: posts[0]?.updated_at },
            ...postEntries(posts),
          ];
          return text(200, sitemapXml(entries, deps.siteUrl), 'application/xml; charset=utf-8');
        }
        if (path === renderedFiles.rss) {
          const posts = (await newestPosts(deps.upstream, FEED_SIZE)).filter((p) => isPublic(p));
          const settings = await currentSettings();
          return text(
            200,
            rssXml(posts, deps.siteUrl, {
              title: `${settings.name} Blog`,
              description: settings.description,
            }),
            'application/rss+xml; charset=utf-8',
          );
        }
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        log('error', 'API unavailable for a feed', { path, error: err.message });
        return text(
          503,
          'The feed is unavailable for a moment. Please try again shortly.',
          'text/plain; charset=utf-8',
          'no-store',
          { 'retry-after': '30' },
        );
      }
      if (matchPage(path)?.page === 'blogList') {
        // `?page=N` lists page N: a malformed N, or one past the last page, is no page (404).
        const start = blogListPageOf(new URLSearchParams(event.rawQueryString));
        if (start === null) return page(NOT_FOUND_PATH, path, {}, null);
        return withUpstream(url, path, async () => {
          // Page 1 too: the featured posts are the newest, whichever page is shown.
          const [first, shown] = await Promise.all([
            deps.upstream.listPosts(1).then(cleanPage),
            start > 1 ? deps.upstream.listPosts(start).then(cleanPage) : null,
          ]);
          if (shown !== null && shown.results.length === 0) return null;
          const list = shown ?? first;
          return {
            fallback: {
              [postsInfiniteFallbackKey(start)]: [list],
              [listPostsKey(start)]: list,
              [listPostsKey(1)]: first,
            },
            post: null,
          };
        });
      }
      const slug = slugForPath(path);
      if (slug === null || slug === undefined) return page(NOT_FOUND_PATH, path, {}, null);
      return withUpstream(url, path, async () => {
        const [fetched, first] = await Promise.all([
          deps.upstream.getPost(slug),
          deps.upstream.listPosts(1),
        ]);
        const result: PostResult =
          fetched.found && isPublic(fetched.post)
            ? { ...fetched, post: cleanPost(fetched.post) }
            : { found: false };
        const fallback: Record<string, unknown> = {
          [getPostKey(slug)]: result,
          [listPostsKey(1)]: cleanPage(first),
        };
        return { fallback, post: result.found ? result.post : null };
      });
    };
    const result = await respond();
    return method === 'HEAD' ? { ...result, body: '' } : result;
  };
}

export { renderPagesEvent, type RenderPagesEvent } from '@agency/shared';

/** The answer to a direct invocation: the documents, or why the event was refused. */
export type RenderPagesResult = RenderPagesAnswer;

/** Whether a Lambda event is a direct invocation (it names an action) rather than an API Gateway request. */
export const isDirectInvocation = (event: unknown): event is { action: unknown } =>
  typeof event === 'object' && event !== null && 'action' in event && !('requestContext' in event);

/** Renders the pages a direct invocation asks for, with the entry's `renderSitePages`. */
export function createPagesRenderer(deps: {
  siteUrl: string;
  renderPages?: (
    input: SitePagesInput,
  ) => Promise<{ path: string; html: string; card?: TitleCard }[]>;
}): (event: unknown) => Promise<RenderPagesResult> {
  const renderPages = deps.renderPages ?? renderSitePages;
  return async (event) => {
    const parsed = renderPagesEvent.safeParse(event);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const error = `Invalid renderPages event: ${issue?.path.join('.') || 'event'} ${issue?.message ?? 'is invalid'}`;
      log('error', error);
      return { error };
    }
    const { pages, settings, withFixedPages } = parsed.data;
    const fixedPaths = withFixedPages ? fixedPrerenderedPaths : [];
    const documents = await renderPages({ pages, settings, fixedPaths, siteUrl: deps.siteUrl });
    log('info', 'Rendered pages', { count: documents.length });
    return {
      documents: documents.map(({ path, html, card }) => ({
        path,
        html,
        ...(card ? { card } : {}),
      })),
    };
  };
}

/** The refusal of a request that did not come through CloudFront (the API functions' words). */
export const NOT_THROUGH_EDGE = "This API answers only at the site's own address.";

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * One door in, as every API function has: a request must carry the origin secret CloudFront adds
 * (ORIGIN_VERIFY_HEADER), so the execute-api address serves no page uncached and without the
 * WAF and the security headers. Compared in constant time, over digests of equal length; with no
 * secret configured nothing is let in.
 */
export function throughEdge(event: APIGatewayProxyEventV2, secrets: readonly string[]): boolean {
  const name = Object.keys(event.headers ?? {}).find(
    (k) => k.toLowerCase() === ORIGIN_VERIFY_HEADER,
  );
  const sent = digest((name && event.headers?.[name]) ?? '');
  return secrets.some((secret) => timingSafeEqual(sent, digest(secret)));
}

/** What a request that did not come through the edge gets: 403, cached nowhere. */
export const notThroughEdge = (): Result => ({
  statusCode: 403,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  },
  body: JSON.stringify({ error: NOT_THROUGH_EDGE, code: 'forbidden' }),
});

/** What a request gets when the origin secret cannot be read: 503, cached nowhere. */
export const originSecretUnavailable = (): Result => ({
  statusCode: 503,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  },
  body: JSON.stringify({
    error: 'Something went wrong on our side. Please try again.',
    code: 'internal',
  }),
});

let defaultHandler: ((event: APIGatewayProxyEventV2) => Promise<Result>) | null = null;
let defaultRenderer: ((event: unknown) => Promise<RenderPagesResult>) | null = null;

/**
 * Lambda entry: configuration from the environment (SITE_URL, API_ORIGIN, WEB_DIST), read on first
 * use. API Gateway requests that came through CloudFront (its origin secret) get pages, the sitemap
 * and the feed, any other 403; a direct invocation (Lambda's own API, allowed only to the page writers)
 * `{ action: 'renderPages', pages, settings }` gets the documents of those pages.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<Result>;
export async function handler(event: RenderPagesEvent): Promise<RenderPagesResult>;
export async function handler(
  event: APIGatewayProxyEventV2 | RenderPagesEvent,
): Promise<Result | RenderPagesResult> {
  const config = readServerConfig();
  if (isDirectInvocation(event)) {
    defaultRenderer ??= createPagesRenderer({ siteUrl: config.siteUrl });
    return defaultRenderer(event);
  }
  let secrets: string[];
  try {
    secrets = await originSecrets();
  } catch (error) {
    // Never an open door: without the secret nothing is let in, and the 5xx says it is ours.
    log('error', 'Could not read the origin secret', {
      error: error instanceof Error ? error.message : String(error),
    });
    return originSecretUnavailable();
  }
  if (!throughEdge(event as APIGatewayProxyEventV2, secrets)) {
    log('info', 'Refused a request without the origin secret', {
      path: (event as APIGatewayProxyEventV2).rawPath,
    });
    return notThroughEdge();
  }
  defaultHandler ??= createRenderHandler({
    siteUrl: config.siteUrl,
    upstream: httpUpstream(config.apiOrigin),
    loadShell: () => readFile(config.shellFile, 'utf8'),
    loadManifest: () => readManifest(config.manifestFile),
  });
  return defaultHandler(event as APIGatewayProxyEventV2);
}
