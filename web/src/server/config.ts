import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { ENV_NAMES } from '@agency/shared';

/**
 * The render function's settings. The site address has no default: a function that wrote
 * canonical and sitemap links to the wrong host would serve them until someone noticed.
 */
const schema = z.object({
  /** Public origin of the site: canonical, Open Graph, sitemap and feed addresses. */
  [ENV_NAMES.siteUrl]: z.url().transform((v) => v.replace(/\/+$/, '')),
  /** Where the API answers; the site's own origin unless set (CloudFront and the local server route /api/*). */
  [ENV_NAMES.apiOrigin]: z.url().optional(),
  /** Folder holding the built HTML shell (spa.html, written by the prerender); else beside the handler. */
  [ENV_NAMES.webDist]: z.string().min(1).optional(),
});

export interface ServerConfig {
  siteUrl: string;
  apiOrigin: string;
  /** The HTML shell file pages are rendered into. */
  shellFile: string;
  /** Vite's build manifest: the page chunks the boot script fetches (see app/boot.ts). */
  manifestFile: string;
}

/**
 * The shell beside the bundled handler (Lambda: its `index.mjs`, or one folder up when this module
 * landed in one of the bundle's `chunks/`), else web/dist of the repository.
 */
function defaultDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = [here, dirname(here)].find((dir) => existsSync(join(dir, 'spa.html')));
  return beside ?? resolve(here, '../../dist');
}

/** The built shell and manifest pages are rendered with: WEB_DIST's, else beside the handler. */
export function webDistFiles(
  source: Record<string, string | undefined> = process.env,
): Pick<ServerConfig, 'shellFile' | 'manifestFile'> {
  const webDist = source[ENV_NAMES.webDist];
  const dist = webDist ? resolve(webDist) : defaultDist();
  const spa = join(dist, 'spa.html');
  return {
    shellFile: existsSync(spa) ? spa : join(dist, 'index.html'),
    manifestFile: join(dist, '.vite', 'manifest.json'),
  };
}

/** Read the render handler's environment once, naming every bad variable. */
export function readServerConfig(
  source: Record<string, string | undefined> = process.env,
): ServerConfig {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const key = i.path.join('.');
      return source[key] ? `${key} ${i.message}` : `${key} is not set`;
    });
    throw new Error(`Invalid render handler environment: ${problems.join('; ')}`);
  }
  const { SITE_URL, API_ORIGIN, WEB_DIST } = parsed.data;
  return {
    siteUrl: SITE_URL,
    apiOrigin: (API_ORIGIN ?? SITE_URL).replace(/\/+$/, ''),
    ...webDistFiles({ [ENV_NAMES.webDist]: WEB_DIST }),
  };
}

/**
 * The origin secrets a request must carry in ORIGIN_VERIFY_HEADER (ORIGIN_VERIFY: the secret's
 * JSON, `current` and, during a rotation, `previous`), as every API function reads them. None when
 * unset or malformed: then no request is let in (the function's direct invocations need none).
 */
export function readOriginSecrets(
  source: Record<string, string | undefined> = process.env,
): string[] {
  const raw = source[ENV_NAMES.originVerify];
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = z
    .object({ current: z.string().min(32), previous: z.string().min(32).optional() })
    .safeParse(value);
  if (!parsed.success) return [];
  return parsed.data.previous ? [parsed.data.current, parsed.data.previous] : [parsed.data.current];
}
