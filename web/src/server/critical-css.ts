/**
 * A page's critical CSS: the rules of the site's stylesheet that match something in the page, inlined
 * in its head, so the first paint waits for no stylesheet; the whole sheet is still linked, at the end
 * of the body, where it no longer blocks rendering, for what script adds later (an open menu, a
 * revealed section). Beasties finds the rules (every element of the document counts, not only the
 * first screen, so nothing moves when the sheet arrives); the document itself is edited here, byte
 * for byte, rather than re-serialised. Only the build's own stylesheets are read, never a URL from the page.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Beasties from 'beasties';

/** The build's stylesheets: each linked `href` (`/assets/style-<hash>.css`) and its text. */
export type Stylesheets = Readonly<Record<string, string>>;

const LINK = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g;

/** The stylesheets a document (the built shell) links, by `href`, in order. */
export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(LINK)].map((m) => m[1] ?? '');
}

const CRITICAL = 'data-critical';
const CRITICAL_STYLE = new RegExp(`<style ${CRITICAL}>([\\s\\S]*?)</style>`);

/**
 * Beasties reading only the sheet it is given, quietly. It matches a selector with its pseudo-classes
 * struck out, so one that begins with a pseudo-class (`:focus-visible`, `:is(a b, c d)`, which the
 * minifier makes of a list, `::view-transition-group(root)`) would be left with nothing to match and
 * dropped: those are kept on every page.
 */
const beasties = new Beasties({
  external: false,
  allowRules: [/^:/],
  reduceInlineStyles: true,
  mergeStylesheets: false,
  keyframes: 'critical',
  logLevel: 'silent',
});

/** The rules of `css` that the document `html` uses, with the keyframes they name. */
export async function criticalRules(html: string, css: string): Promise<string> {
  // The sheet goes in as an inline style of its own, marked, and comes back reduced to what matches.
  const probe = html.replace('</head>', () => `<style ${CRITICAL}>${css}</style></head>`);
  const out = await beasties.process(probe);
  const match = CRITICAL_STYLE.exec(out);
  if (!match) throw new Error('critical CSS: the reduced stylesheet is missing from the output');
  return match[1] ?? '';
}

/**
 * The document with each of its head's stylesheet links replaced by the rules the page uses
 * (`<style>`), and the link itself moved to the end of the body. A link to a sheet not in
 * `stylesheets` fails the call: the page would be drawn unstyled until it loaded, and nothing else
 * would notice.
 */
export async function inlineCriticalCss(html: string, stylesheets: Stylesheets): Promise<string> {
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < 0) throw new Error('critical CSS: the document has no head or body');
  const links = [...html.slice(0, headEnd).matchAll(LINK)];
  if (links.length === 0) return html;
  let head = html.slice(0, headEnd);
  const moved: string[] = [];
  // The page without its links: rules are matched against what the page holds, not the links.
  const page = links.reduce((doc, link) => doc.replace(link[0], ''), html);
  for (const link of links) {
    const href = link[1] ?? '';
    const css = stylesheets[href];
    if (css === undefined) throw new Error(`critical CSS: the build has no stylesheet ${href}`);
    const rules = await criticalRules(page, css);
    head = head.replace(link[0], () => `<style>${rules}</style>`);
    moved.push(link[0]);
  }
  return `${head}${html.slice(headEnd, bodyEnd)}${moved.join('')}${html.slice(bodyEnd)}`;
}

/**
 * The build's stylesheets the shell links, read from the build folder `dist` (web/dist, or the
 * render function's folder, where the bundling copies them); a missing one fails naming it.
 */
export async function readStylesheets(dist: string, shell: string): Promise<Stylesheets> {
  const sheets: Record<string, string> = {};
  for (const href of linkedStylesheets(shell)) {
    if (!/^\/assets\/[\w.-]+\.css$/.test(href))
      throw new Error(`critical CSS: the shell links ${href}, which is not a built stylesheet`);
    const file = join(dist, href);
    sheets[href] = await readFile(file, 'utf8').catch((err: unknown) => {
      throw new Error(
        `critical CSS: the stylesheet ${file} is unreadable (${err instanceof Error ? err.message : String(err)}); run \`npm run build -w web\``,
      );
    });
  }
  return sheets;
}
