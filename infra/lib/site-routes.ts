import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as z from 'zod';

/** Admin screens the SPA renders in the browser (spec route table); `*` marks a prefix. */
export const SPA_ROUTES = [
  '/creative-login',
  '/admin',
  '/admin/*',
  '/add-blog',
  '/edit-blog/*',
  '/preview/*',
] as const;

/** What the site router needs to know about the web build. */
export interface SiteRoutes {
  /** Paths with a prerendered `<path>/index.html` ('/' for the home page). */
  pages: string[];
  /** SPA routes answered with the app shell. */
  spa: string[];
  /** Bucket key of the app shell: the empty `spa.html` of the prerender, else `index.html`. */
  spaShell: string;
  /** Bucket key of the prerendered not-found page. */
  notFound: string;
  /** The explicit not-found route. */
  notFoundPath: string;
  /** Viewer prefix of the media bucket. */
  mediaPrefix: string;
}

/** The built web app found at synth: its folder and its routes. */
export interface WebBuild {
  dir: string;
  routes: SiteRoutes;
}

export interface ReadWebBuildOptions {
  /** Paths of the web route table; without it the spec's admin routes are the SPA routes. */
  routeTable?: readonly string[];
  /** Routes the render handler answers (not SPA routes even though the route table lists them). */
  rendered?: readonly string[];
}

/** Read the web build in `dir` (web/dist); undefined when it has not been built yet. */
export function readWebBuild(dir: string, options: ReadWebBuildOptions = {}): WebBuild | undefined {
  if (!existsSync(path.join(dir, 'index.html'))) return undefined;
  const pages: string[] = [];
  const walk = (folder: string, prefix: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) {
        if (prefix === '' && name === 'assets') continue;
        walk(full, `${prefix}/${name}`);
      } else if (name === 'index.html') {
        pages.push(prefix || '/');
      }
    }
  };
  walk(dir, '');
  const notFound = existsSync(path.join(dir, '404', 'index.html'))
    ? '/404/index.html'
    : '/404.html';
  const spaShell = existsSync(path.join(dir, 'spa.html')) ? '/spa.html' : '/index.html';
  const prerendered = pages.filter((p) => p !== '/404');
  const spa = options.routeTable
    ? spaRoutesFrom(options.routeTable, options.rendered ?? [], prerendered)
    : [...SPA_ROUTES];
  return { dir, routes: { ...siteRoutes(prerendered, notFound, spaShell), spa } };
}

/** Routes for a set of prerendered pages. */
export function siteRoutes(
  pages: string[],
  notFound = '/404/index.html',
  spaShell = '/index.html',
): SiteRoutes {
  return {
    pages,
    spa: [...SPA_ROUTES],
    spaShell,
    notFound,
    notFoundPath: '/404',
    mediaPrefix: '/media',
  };
}

/** A route pattern in router (`:slug`) or API Gateway (`{slug}`) syntax as a site-router pattern (`/x/*`). */
export const routerPattern = (route: string): string =>
  route.replace(/\/(?::\w+|\{\w+\+?\})$/, '/*');

/**
 * The routes the browser app renders itself: those of the web route table that are neither
 * prerendered files nor pages of the render handler (the admin screens).
 */
export function spaRoutesFrom(
  routeTable: readonly string[],
  rendered: readonly string[],
  prerendered: readonly string[],
): string[] {
  const served = new Set([...rendered.map(routerPattern), ...prerendered, '/404']);
  return routeTable.map(routerPattern).filter((route) => !served.has(route) && route !== '*');
}

/** Paths of the web app's route table (web/src/app/route-table.ts), read at synth; undefined if unreadable. */
export async function loadWebRouteTable(repoRoot: string): Promise<string[] | undefined> {
  const file = path.join(repoRoot, 'web/src/app/route-table.ts');
  if (!existsSync(file)) return undefined;
  try {
    const module: unknown = await import(pathToFileURL(file).href);
    const parsed = z
      .object({ routeTable: z.array(z.object({ path: z.string() })) })
      .safeParse(module);
    return parsed.success ? parsed.data.routeTable.map((r) => r.path) : undefined;
  } catch {
    return undefined;
  }
}

const ROUTER_SOURCE = fileURLToPath(new URL('./functions/site-router.js', import.meta.url));
const CONFIG_LINE = /^var CONFIG = [^;]*;$/m;

/** The site router's code with the routes of this build in place of its CONFIG line. */
export function siteRouterCode(routes: SiteRoutes): string {
  const source = readFileSync(ROUTER_SOURCE, 'utf8');
  if (!CONFIG_LINE.test(source))
    throw new Error(`${ROUTER_SOURCE} has no "var CONFIG = …;" line to fill`);
  const code = stripComments(
    source.replace(CONFIG_LINE, `var CONFIG = ${JSON.stringify(routes)};`),
  );
  if (Buffer.byteLength(code) > MAX_FUNCTION_BYTES)
    throw new Error(
      `The site router is ${Buffer.byteLength(code)} bytes, over CloudFront's ${MAX_FUNCTION_BYTES}`,
    );
  return code;
}

const VIEWER_IP_SOURCE = fileURLToPath(new URL('./functions/viewer-ip.js', import.meta.url));

/** Header in which the API functions receive the viewer's IP address (set by the viewer-ip CloudFront Function). */
export const VIEWER_IP_HEADER = 'true-client-ip';

/** The viewer-ip function's code, without comments. */
export function viewerIpCode(): string {
  return stripComments(readFileSync(VIEWER_IP_SOURCE, 'utf8'));
}

const stripComments = (code: string): string =>
  code
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');

/** CloudFront Functions' code size limit. */
const MAX_FUNCTION_BYTES = 10_240;
