import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Admin screens the SPA renders in the browser (spec route table); `*` marks a prefix. */
export const SPA_ROUTES = [
  '/creative-login',
  '/admin',
  '/admin/*',
  '/add-blog',
  '/edit-blog/*',
] as const;

/** What the site router needs to know about the web build. */
export interface SiteRoutes {
  /** Paths with a prerendered `<path>/index.html` ('/' for the home page). */
  pages: string[];
  /** SPA routes answered with `/index.html`. */
  spa: string[];
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

/** Read the web build in `dir` (web/dist); undefined when it has not been built yet. */
export function readWebBuild(dir: string): WebBuild | undefined {
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
  return {
    dir,
    routes: siteRoutes(
      pages.filter((p) => p !== '/404'),
      notFound,
    ),
  };
}

/** Routes for a set of prerendered pages. */
export function siteRoutes(pages: string[], notFound = '/404/index.html'): SiteRoutes {
  return { pages, spa: [...SPA_ROUTES], notFound, notFoundPath: '/404', mediaPrefix: '/media' };
}

const ROUTER_SOURCE = fileURLToPath(new URL('./functions/site-router.js', import.meta.url));
const CONFIG_LINE = /^var CONFIG = [^;]*;$/m;

/** The site router's code with the routes of this build in place of its CONFIG line. */
export function siteRouterCode(routes: SiteRoutes): string {
  const source = readFileSync(ROUTER_SOURCE, 'utf8');
  if (!CONFIG_LINE.test(source))
    throw new Error(`${ROUTER_SOURCE} has no "var CONFIG = …;" line to fill`);
  const code = source
    .replace(CONFIG_LINE, `var CONFIG = ${JSON.stringify(routes)};`)
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
  if (Buffer.byteLength(code) > MAX_FUNCTION_BYTES)
    throw new Error(
      `The site router is ${Buffer.byteLength(code)} bytes, over CloudFront's ${MAX_FUNCTION_BYTES}`,
    );
  return code;
}

/** CloudFront Functions' code size limit. */
const MAX_FUNCTION_BYTES = 10_240;
