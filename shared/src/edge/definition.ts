import { contract, operationNames, type OperationName } from '../contract';
import { ORIGIN_VERIFY_HEADER } from '../config-names';
import { BANNER_PREFIX, IMAGE_PREFIX } from '../media';
import { TITLE_CARD_PREFIX } from '../title-card';
import {
  API_PREFIX,
  ASSETS_PREFIX,
  MEDIA_PREFIX,
  reservedSources,
  SHELL_KEY,
} from './reserved-sources';
import { FRAMEABLE_PREVIEW_PATH, type HeaderPolicyName } from './security-headers';
import { pageObjectPath, type SitePages } from './site-pages';

/** Where CloudFront sends a request: the site bucket, the render function, the HTTP API, the media bucket. */
export type EdgeOrigin = 'site' | 'render' | 'api' | 'media';

/** Header in which the API functions receive the viewer's address (set by the edge function, replacing any a client sent). */
export const VIEWER_IP_HEADER = 'true-client-ip';

/**
 * The API's one door in: CloudFront adds ORIGIN_VERIFY_HEADER (its name lives with the other names
 * both sides agree on, so the functions read it without the edge code) to every request it sends
 * these origins, overwriting any value a viewer sent, with the stage's secret from Secrets Manager;
 * every API function refuses a request without it (403) and trusts VIEWER_IP_HEADER only with it.
 * The local edge server adds it from the local environment.
 */
export { ORIGIN_VERIFY_HEADER };
export const ORIGIN_VERIFIED_ORIGINS: readonly EdgeOrigin[] = ['api', 'render'];

/** Viewer prefixes of the API and of the media bucket (kept with the reserved sources, which name them). */
export { API_PREFIX, MEDIA_PREFIX };

export { BANNER_PREFIX };

/**
 * The media bucket's keys the edge serves under `/media/`: processed images, pre-library banners and
 * the share cards drawn from titles.
 * Anything else (raw uploads, which nobody has checked yet) answers 404 at the edge, and the
 * distribution may not even read it (its bucket-policy grant names these prefixes only).
 */
export const SERVED_MEDIA_PREFIXES: readonly string[] = [
  IMAGE_PREFIX,
  BANNER_PREFIX,
  TITLE_CARD_PREFIX,
];

/** How long browsers may keep the trailing-slash redirect (short: it is permanent, but a mistake must not stick). */
export const REDIRECT_CACHE_CONTROL = 'max-age=3600';

/**
 * How long past its freshness the edge may answer with the HTML it has (CloudFront honours both
 * directives from the origin's Cache-Control; RFC 5861 counts them from the moment the copy stops
 * being fresh, and CloudFront serves the stale copy when the origin answers 500, 502, 503 or 504 or
 * cannot be reached).
 * - stale-while-revalidate, a minute: a page just past its freshness answers at once from the edge
 *   while CloudFront fetches the new copy behind it. Short, because browsers read the directive too
 *   (max-age=0: they revalidate, but one that implements it may show its own copy, at most a minute
 *   old, while it does), and because what visitors must see at once (a deploy, a publish) never
 *   waits on it: the deploy invalidates `/*` (the DeployPages upload) and publishing invalidates
 *   what it changed (pageInvalidationPaths for a page, pathsToInvalidate for a post), which drops
 *   the copy, stale or not.
 * - stale-if-error, a day: an S3 or render-function outage of up to a day shows visitors the last
 *   good page instead of an error, long enough to cover a night before anyone can act, short enough
 *   that a page nobody has asked for in a day is not held for ever. An invalidated copy is gone, so
 *   an outage straight after a deploy or a publish still shows the error for the paths it covered.
 */
export const STALE_WHILE_REVALIDATE_SECONDS = 60;
export const STALE_IF_ERROR_SECONDS = 86_400;
const SERVE_STALE = `stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}, stale-if-error=${STALE_IF_ERROR_SECONDS}`;

/** Cache-Control of the site bucket's objects, set at deploy: hashed assets never change, everything else is revalidated. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * The site bucket's HTML (the deploy's build and the pages published at runtime, S3SiteFiles) and
 * its other unhashed files: browsers revalidate every time (max-age=0), the edge keeps it for
 * CachingOptimized's minimum TTL (a second), then serves it stale as SERVE_STALE allows.
 */
export const DEFAULT_OBJECT_CACHE_CONTROL = `public, max-age=0, ${SERVE_STALE}`;
/**
 * The render function's pages, sitemap and feed: browsers revalidate, CloudFront keeps them 5
 * minutes (publishing invalidates them), then serves them stale as SERVE_STALE allows.
 */
export const RENDERED_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=300, ${SERVE_STALE}`;
/** Key prefix of the build's hashed assets in the site bucket. */
export { ASSETS_PREFIX };
/**
 * Key prefix of the site's own pictures under the assets (`web/public/assets/img/`: logos, favicon,
 * share card, icons). Their names carry no content hash, so a changed logo keeps its address: an
 * hour in browsers and at the edge, then revalidated (the deploy also invalidates `/*`).
 */
export const UNHASHED_ASSETS_PREFIX = `${ASSETS_PREFIX}img/`;

/**
 * The build's own records beside the site (Vite's manifest, the islands' files), read by the
 * prerender and the tests: never deployed, so never served.
 */
export const BUILD_RECORDS_DIR = '.vite';

/**
 * Whether a file of the build is left out of the site bucket (key without the leading slash): its
 * Brotli and gzip copies (CloudFront compresses by itself) and its records.
 */
export const isBuildOnlyKey = (key: string): boolean =>
  /\.(br|gz)$/.test(key) || key.startsWith(`${BUILD_RECORDS_DIR}/`);

export const UNHASHED_ASSET_CACHE_CONTROL = 'public, max-age=3600, must-revalidate';

/** Cache-Control a site-bucket object gets at deploy (key without the leading slash). */
export const objectCacheControl = (key: string): string =>
  key.startsWith(UNHASHED_ASSETS_PREFIX)
    ? UNHASHED_ASSET_CACHE_CONTROL
    : key.startsWith(ASSETS_PREFIX)
      ? ASSET_CACHE_CONTROL
      : DEFAULT_OBJECT_CACHE_CONTROL;

/**
 * Cache policies of the distribution. `managed` ones are CloudFront's own; `acceptEncoding` says
 * whether the policy enables gzip and Brotli, without which CloudFront compresses nothing (a policy
 * with caching disabled cannot enable them, so the uncached API is sent as the origin wrote it).
 */
export const CACHE_POLICIES = {
  site: { managed: 'CACHING_OPTIMIZED', acceptEncoding: true },
  none: { managed: 'CACHING_DISABLED', acceptEncoding: false },
  apiPublic: {
    comment: 'Public API GETs: cached only as long as the function says.',
    ttlSeconds: { min: 0, default: 0, max: 86_400 },
    queryStrings: 'all',
    // CloudFront forwards Authorization on cached GETs only when it is in the key, and an admin's
    // post list (every status) must reach the function, which answers it `private, no-store`.
    headers: ['Authorization'],
    acceptEncoding: true,
  },
  postRead: {
    comment: 'The public post read (GET by slug): keyed on the slug alone, invalidated on publish.',
    ttlSeconds: { min: 0, default: 0, max: 86_400 },
    // The slug alone: no cookie, no Authorization (the GET answers the public view whoever asks),
    // so every visitor of a post shares one cached answer.
    queryStrings: ['slug'],
    headers: [],
    acceptEncoding: true,
  },
  pages: {
    comment: 'Rendered blog pages: cached at the edge, invalidated on publish.',
    ttlSeconds: { min: 0, default: 3_600, max: 86_400 },
    queryStrings: ['page'],
    headers: [],
    acceptEncoding: true,
  },
  media: {
    comment: 'Images: long-lived, their keys never change content.',
    ttlSeconds: { min: 0, default: 30 * 86_400, max: 365 * 86_400 },
    queryStrings: 'none',
    headers: [],
    acceptEncoding: true,
  },
} as const;
export type CachePolicyName = keyof typeof CACHE_POLICIES;

/** Methods a behaviour lets through (CloudFront's three sets); others are refused with 403 by CloudFront. */
export const METHOD_SETS = {
  GET_HEAD: ['GET', 'HEAD'],
  GET_HEAD_OPTIONS: ['GET', 'HEAD', 'OPTIONS'],
  ALL: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
} as const;
export type MethodSet = keyof typeof METHOD_SETS;

/** One cache behaviour: CloudFront path pattern (`*` is any run of characters, `*` alone the default). */
export interface EdgeBehaviour {
  pattern: string;
  origin: EdgeOrigin;
  methods: MethodSet;
  cache: CachePolicyName;
  /** Whether the edge function also runs on the response (the not-found rule, CORS headers). */
  viewerResponse: boolean;
  /** The security headers of its answers. */
  headers: HeaderPolicyName;
  /**
   * What the origin gets of the viewer's request: `all` (every viewer header but Host, as API
   * Gateway routes by its own), or `viewer-facts` (VIEWER_FACT_HEADERS only, CloudFront's viewer
   * country among them: CloudFront adds its own headers only when a policy names them, and a
   * policy naming them can list at most 10 headers). Origins other than the API and render ignore it.
   */
  forward?: 'all' | 'viewer-facts';
}

/**
 * Operations that read what the edge knows of the viewer beyond its headers (the country, for
 * analytics and the lead's visit): each gets a behaviour of its own forwarding VIEWER_FACT_HEADERS.
 */
export const VIEWER_FACT_OPERATIONS: readonly OperationName[] = [
  'collect',
  'increaseView',
  'createLead',
];

/**
 * The headers those operations' requests reach the API with: the body's type, the user agent and
 * CloudFront's viewer country (device, bots, country), the privacy signals, the address the edge
 * function sets. Every handler of VIEWER_FACT_OPERATIONS reads no other (the local edge drops the rest too).
 */
export const VIEWER_FACT_HEADERS = [
  'content-type',
  'user-agent',
  'cloudfront-viewer-country',
  'dnt',
  'sec-gpc',
  'sec-purpose',
  'purpose',
  VIEWER_IP_HEADER,
] as const;

/** A cross-origin call: its preflight is answered at the edge and its answers carry Access-Control-Allow-Origin. */
export interface CorsRule {
  path: string;
  methods: string[];
  allowOrigin: string;
  allowHeaders: string[];
  maxAgeSeconds: number;
}

/** Operations other sites may call from the browser: the enquiry form may be embedded anywhere (spec: "allow any origin"). */
const CROSS_ORIGIN: readonly OperationName[] = ['createLead'];

/** The CORS rules of the API, from the contract. */
export function corsRules(): CorsRule[] {
  return CROSS_ORIGIN.map((name) => {
    const op = contract[name];
    if (op.path.includes('{')) throw new Error(`CORS needs an exact path; ${name} has ${op.path}`);
    return {
      path: op.path,
      methods: [op.method],
      allowOrigin: '*',
      allowHeaders: ['content-type'],
      maxAgeSeconds: 86_400,
    };
  });
}

/**
 * The public post read, cached under a policy of its own (`postRead`, keyed on the slug). Its path
 * is also the spec's POST getPost (the admin's drafts with a Bearer token), so the behaviour lets
 * every method through: CloudFront caches GET and HEAD only, and sends a POST's body and its
 * Authorization header (never stripped on POST) to the API with the all-viewer origin policy.
 */
export const POST_READ_OPERATION: OperationName = 'getPublishedPost';

/** CloudFront path patterns of public GET operations whose answers may be cached as the function's Cache-Control says. */
export function cacheableApiPatterns(): string[] {
  const adminPaths = new Set(
    operationNames.filter((n) => contract[n].auth === 'admin').map((n) => contract[n].path),
  );
  return operationNames
    .filter(
      (n) =>
        n !== POST_READ_OPERATION &&
        contract[n].auth === 'public' &&
        contract[n].method === 'GET' &&
        !adminPaths.has(contract[n].path),
    )
    .map((n) => contract[n].path.replace(/\{\w+\}/g, '*'));
}

/**
 * The cache behaviours in CloudFront's order of precedence (first match wins; the last is the
 * default behaviour). The edge function runs on every viewer request.
 */
export function edgeBehaviours(pages: SitePages): EdgeBehaviour[] {
  const api = (pattern: string, cache: CachePolicyName, methods: MethodSet): EdgeBehaviour => ({
    pattern,
    origin: 'api',
    methods,
    cache,
    viewerResponse: true,
    headers: 'public',
  });
  const site = (pattern: string, headers: HeaderPolicyName): EdgeBehaviour => ({
    pattern,
    origin: 'site',
    methods: 'GET_HEAD',
    cache: 'site',
    viewerResponse: true,
    headers,
  });
  return [
    api(contract[POST_READ_OPERATION].path, 'postRead', 'ALL'),
    ...cacheableApiPatterns().map((p) => api(p, 'apiPublic', 'GET_HEAD_OPTIONS')),
    ...VIEWER_FACT_OPERATIONS.map((name): EdgeBehaviour => ({
      ...api(contract[name].path, 'none', 'ALL'),
      forward: 'viewer-facts',
    })),
    api(`${API_PREFIX}/*`, 'none', 'ALL'),
    {
      pattern: `${MEDIA_PREFIX}/*`,
      origin: 'media',
      methods: 'GET_HEAD',
      cache: 'media',
      viewerResponse: false,
      headers: 'public',
    },
    ...pages.rendered.map((pattern): EdgeBehaviour => ({
      pattern,
      origin: 'render',
      methods: 'GET_HEAD',
      cache: 'pages',
      viewerResponse: false,
      headers: 'public',
    })),
    // The admin pages are the site's app shell like any unknown path would be, but with their
    // own headers; CloudFront chooses a response headers policy per behaviour, so they get theirs.
    // The page preview alone may be framed (by the editor, on this site): a behaviour of its own.
    ...(pages.app.includes(FRAMEABLE_PREVIEW_PATH)
      ? [site(FRAMEABLE_PREVIEW_PATH, 'preview')]
      : []),
    ...appBehaviourPatterns(pages.app).map((pattern) => site(pattern, 'admin')),
    site('*', 'public'),
  ];
}

/**
 * The behaviour patterns of the app pages: the screens under an app page (`/admin/leads`,
 * `/admin/redirects`, `/admin/leads/*` under `/admin`) share one `/admin/*` behaviour, since a
 * behaviour each would soon pass CloudFront's 25 a distribution; other patterns stay as they are.
 * Which paths are app screens is still the edge function's exact list (`CONFIG.app`): an unknown
 * `/admin/x` gets the not-found page, with the admin pages' headers.
 */
export function appBehaviourPatterns(app: readonly string[]): string[] {
  const patterns: string[] = [];
  for (const pattern of app) {
    const parent = /^(\/[^/*?]+)\/./.exec(pattern)?.[1];
    const behaviour = parent !== undefined && app.includes(parent) ? `${parent}/*` : pattern;
    if (!patterns.includes(behaviour)) patterns.push(behaviour);
  }
  return patterns;
}

/** Whether a path matches a CloudFront path pattern: case-sensitive, `*` any run of characters (even none), `?` one. */
export function matchesCloudFrontPattern(pattern: string, path: string): boolean {
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's').test(path);
}

/** The behaviour CloudFront picks for a path: the first whose pattern matches, else the default. */
export function behaviourFor(behaviours: readonly EdgeBehaviour[], path: string): EdgeBehaviour {
  const found = behaviours.find(
    (b) => b.pattern === '*' || matchesCloudFrontPattern(b.pattern, path),
  );
  if (!found) throw new Error('the edge behaviours have no default (*)');
  return found;
}

/** Bucket keys of the site's special files. */
export { SHELL_KEY };
export const notFoundKey = (pages: SitePages): string => pageObjectPath(pages.notFound);

/** The data the edge function is generated with (its `var CONFIG` line). */
export function edgeFunctionConfig(pages: SitePages) {
  return {
    prerendered: pages.prerendered,
    rendered: pages.rendered,
    app: pages.app,
    notFoundPath: pages.notFound,
    notFoundKey: notFoundKey(pages),
    shellKey: SHELL_KEY,
    apiPrefix: API_PREFIX,
    mediaPrefix: MEDIA_PREFIX,
    mediaServed: SERVED_MEDIA_PREFIXES,
    viewerIpHeader: VIEWER_IP_HEADER,
    redirectCacheControl: REDIRECT_CACHE_CONTROL,
    // Paths (and everything under them) never redirected, whatever the KeyValueStore holds.
    reserved: reservedSources(pages).map((r) => r.path),
    cors: corsRules(),
  };
}

/** The site pages of an edge with no web build: API and media only, every other path the not-found rule. */
export const NO_SITE_PAGES: SitePages = {
  prerendered: [],
  rendered: [],
  app: [],
  notFound: '/404',
  thirdParties: {},
};
