/**
 * Server HTML of a page, shared by the prerender (build time) and the render handler (request time):
 * the build manifest reader, the shell fill, the head tags and the page's chunks in the boot list.
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import type { SiteSettings } from '@agency/shared';
import { APP_MODULES_ID, parseModuleList } from '../app/app-modules';
import { organizationJsonLd, renderHead } from '../lib/head';
import type { PageMeta } from '../lib/page-meta';

const manifestSchema = z.record(
  z.string(),
  z.looseObject({ file: z.string(), imports: z.array(z.string()).optional() }),
);

/** Vite's build manifest: source module → chunk file and the chunks it imports statically. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** Read Vite's build manifest (dist/.vite/manifest.json); fails naming the file when it is missing or malformed. */
export async function readManifest(file: string): Promise<BuildManifest> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(
      `Vite's build manifest ${file} is unreadable (${err instanceof Error ? err.message : String(err)}); run \`npm run build -w web\``,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`Vite's build manifest ${file} is not JSON`);
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success)
    throw new Error(
      `Vite's build manifest ${file} is malformed: ${parsed.error.issues[0]?.message}`,
    );
  return parsed.data;
}

/**
 * The JS files a page needs (its chunks and the chunks they import statically). A source the build
 * does not know fails the call: the page would hydrate late and nothing else would notice.
 */
export function pageChunks(manifest: BuildManifest, sources: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}`);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const source of sources) visit(source);
  return files;
}

const APP_MODULES = new RegExp(
  `(<script type="application/json" id="${APP_MODULES_ID}">)([^<]*)(</script>)`,
);

/** Add a page's chunks to the `#app-modules` list the boot script fetches after the first paint. */
export function addAppModules(html: string, files: readonly string[]): string {
  const match = APP_MODULES.exec(html);
  if (!match) throw new Error(`The HTML shell has no #${APP_MODULES_ID} list`);
  const list = parseModuleList(match[2] ?? '[]');
  for (const file of files) if (!list.includes(file)) list.push(file);
  return html.replace(
    APP_MODULES,
    (_, open: string, _list: string, close: string) => `${open}${JSON.stringify(list)}${close}`,
  );
}

/** Pages that carry the agency's structured data (its Organization and each office). */
const ORGANIZATION_PAGES: ReadonlySet<string> = new Set(['/', '/contact']);

/** The head tags of a server-rendered page: the agency's JSON-LD (from the settings) joins the home and contact pages' own. */
export function headFor(
  meta: PageMeta,
  siteUrl: string,
  settings: SiteSettings,
  withTitleCard = false,
): string {
  const withOrg = ORGANIZATION_PAGES.has(meta.path)
    ? { ...meta, jsonLd: [...organizationJsonLd(siteUrl, settings), ...(meta.jsonLd ?? [])] }
    : meta;
  return renderHead(withOrg, siteUrl, settings, withTitleCard);
}

const HEAD_MARK = '<!--app-head-->';
/** The bare head spa.html has in place of the mark (prerender's SPA_HEAD). */
const SPA_HEAD = /<title>[^<]*<\/title>\n\s*<meta name="robots" content="noindex">/;
const ROOT = /<div id="root"[^>]*>(?:<!--app-html-->)?<\/div>/;

const escapeAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Put a page into the built HTML shell: `head` into the head (at the `<!--app-head-->` mark of
 * dist/index.html, or, in spa.html, in place of its bare title and noindex), `html` into #root marked
 * with the path it was rendered for (the browser entry hydrates only then; `null` leaves an empty
 * root to render into), and `afterRoot` (the SWR data) after it.
 */
export function fillShell(
  shell: string,
  parts: { head: string; html: string; path: string | null; afterRoot?: string },
): string {
  let out = shell;
  if (out.includes(HEAD_MARK)) {
    out = out.replace(HEAD_MARK, () => parts.head);
  } else if (SPA_HEAD.test(out)) {
    // spa.html: its bare title and noindex stand where the mark was, so the page comes out as the
    // prerender writes it from the template.
    out = out.replace(SPA_HEAD, () => parts.head);
  } else {
    out = out
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace(/<meta name="robots" content="noindex">\s*/i, '');
    const at = out.search(/<\/head>/i);
    if (at < 0) throw new Error('The HTML shell has no </head>');
    out = `${out.slice(0, at)}  ${parts.head}\n  ${out.slice(at)}`;
  }
  if (!ROOT.test(out)) throw new Error('The HTML shell has no empty <div id="root">');
  const root =
    parts.path === null
      ? '<div id="root"></div>'
      : `<div id="root" data-path="${escapeAttr(parts.path)}">${parts.html}</div>`;
  return out.replace(ROOT, () => `${root}${parts.afterRoot ?? ''}`);
}
