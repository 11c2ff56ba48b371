/**
 * Pages as data render as the code rendered them: every seeded page (and the fixed pages rendered
 * with the settings) through `renderSitePages`, compared with the HTML the build wrote before the
 * pages became blocks (test/fixtures/before-blocks: the root's markup and the head's tags).
 *
 * Rewritten once since, on purpose (2026-11-29, islands): each island's wrapper carries its
 * trigger, id and props, and its content is a root of its own (its `useId` ids and a hoisted image
 * preload moved inside it); the header's markup serves the page script and its no-JavaScript menu;
 * the cookie notice is in the server HTML (hidden until the page script shows it). The pages' text
 * is the same, word for word, but for the cookie notice's. Then, for the HTML checker: the cookie
 * notice's section drops its redundant `role="region"`, and the privacy policy's text is a `div`,
 * not an article without a heading of its own (the page's heading is above it). Then (2026-11-29)
 * the portfolio's three mock-ups are WebP bitmaps drawn from their SVGs at build (600 pixels wide
 * on the cards, 1200 in the lightbox's data), so the image addresses changed and nothing else.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSitePages, SEED_PAGES, SEED_SITE_SETTINGS } from '../entry-server';
import { fixedPrerenderedPaths, pageSources } from './site-files';

const FIXTURES = join(__dirname, '../../test/fixtures/before-blocks');
/**
 * `npm run fixtures:same-html` writes each fixture anew from what renders now (UPDATE_SAME_HTML=1),
 * for a change meant to alter the pages' markup: review the diff of test/fixtures before committing.
 */
const UPDATE = process.env.UPDATE_SAME_HTML === '1';
const SITE_URL = 'http://localhost:3000';

/** A shell as the build writes it (index.html), and a manifest naming the pages' chunks. */
const shell = `<!doctype html>
<html lang="en">
  <head>
    <!--app-head-->
    <script type="application/json" id="app-modules">[]</script>
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>`;
const manifest = Object.fromEntries(
  [...SEED_PAGES.map((p) => p.path), ...fixedPrerenderedPaths]
    .flatMap(pageSources)
    .map((source) => [source, { file: `assets/${source.replace(/\W+/g, '-')}.js` }]),
);

/**
 * The differences that are not markup, each for a reason:
 * - React's `useId` ids (`_R_…_`) depend on the component tree's shape, which changed: numbered in
 *   order of appearance instead;
 * - `<!-- -->` separates adjacent text nodes in React's server HTML and depends on how a component
 *   splits its text (the hero carousel's button now uses the shared ActionLink): no markup;
 * - the deferred parts of three home sections are named for their block types (`faq-group`,
 *   `portfolio-carousel`, `testimonials`), no longer for the home page;
 * - the legal document and the services blocks are deferred parts now (their code loads only on
 *   the pages that show them): the `display: contents` wrapper and the Suspense markers around them;
 * - the landing pages' `<div class="service-landing">` wrapper had no style or script: block pages
 *   have no per-kind wrapper;
 * - the page's data (#page-data JSON after #root) is new: the browser hydrates from it;
 * - image addresses: the build's hashed `/assets/<name>-<hash>.svg` and the test's source paths;
 * - a quotation mark in text: React wrote `&quot;`, rich text is stored as the API's sanitiser
 *   writes it, `"` (the privacy policy's sections): the same text.
 */
function normalise(html: string): string {
  const ids = new Map<string, string>();
  return html
    .replace(/<script type="application\/json" id="page-data">[^<]*<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/>[^<]*</g, (text) => text.replace(/&quot;/g, '"'))
    .replace(
      /data-deferred="home-(faq|portfolio|testimonials)"/g,
      (_, name: string) =>
        `data-deferred="${name === 'faq' ? 'faq-group' : name === 'portfolio' ? 'portfolio-carousel' : 'testimonials'}"`,
    )
    .replace(
      /<div class="deferred" data-deferred="(?:legal|service-blocks)"><!--\$-->([\s\S]*?)<!--\/\$--><\/div>/g,
      '$1',
    )
    .replace(/<div class="service-landing">([\s\S]*)<\/div>(<!--\/\$-->)<\/main>/, '$1$2</main>')
    .replace(/\/assets\/([\w-]+)-[\w-]{8}\.svg/g, 'asset:$1.svg')
    .replace(/\/src\/assets\/(?:[\w-]+\/)*([\w-]+)\.svg\?no-inline/g, 'asset:$1.svg')
    .replace(/\/assets\/([\w-]+-\d+)-[\w-]{8}\.webp/g, 'asset:$1.webp')
    .replace(/\/node_modules\/\.raster\/\w+\/([\w-]+)\.webp\?no-inline/g, 'asset:$1.webp')
    .replace(/_R_[A-Za-z0-9]+_/g, (id) => {
      if (!ids.has(id)) ids.set(id, `id${ids.size}`);
      return ids.get(id) ?? id;
    });
}

/** The parts a fixture keeps of a document: the head's tags from the title on, and #root onwards. */
function parts(html: string): string {
  const head = html
    .slice(html.indexOf('<title>'), html.indexOf('</head>'))
    .split('\n')
    .filter(
      (line) => !/id="app-modules"|<script type="module"|rel="stylesheet"|modulepreload/.test(line),
    )
    .join('\n')
    .trimEnd();
  const body = html.slice(html.indexOf('<div id="root"'), html.lastIndexOf('</body>')).trimEnd();
  return `<head>\n    ${head}\n</head>\n${body}\n`;
}

const fixtures = readdirSync(FIXTURES).map((file) => {
  const text = readFileSync(join(FIXTURES, file), 'utf8');
  const path = /^<!-- (\S+) -->\n/.exec(text)?.[1] ?? '';
  return { file, path, html: text.slice(text.indexOf('\n') + 1) };
});

describe('block pages render the markup of the pages they replace', async () => {
  const documents = await renderSitePages({
    pages: SEED_PAGES,
    settings: SEED_SITE_SETTINGS,
    siteUrl: SITE_URL,
    fixedPaths: fixedPrerenderedPaths,
    built: { shell, manifest },
  });
  const byPath = new Map(documents.map((d) => [d.path, d.html]));

  it('has a fixture for every seeded and fixed page', () => {
    expect(fixtures.map((f) => f.path).sort()).toEqual([...byPath.keys()].sort());
  });

  it.each(fixtures.map((f) => [f.path, f] as const))('%s', (path, fixture) => {
    const html = byPath.get(path);
    expect(html, path).toBeDefined();
    if (UPDATE) {
      writeFileSync(join(FIXTURES, fixture.file), `<!-- ${path} -->\n${parts(html ?? '')}`);
      return;
    }
    const got = normalise(parts(html ?? ''));
    const want = normalise(fixture.html);
    // Where they first differ, with some context (the documents are long).
    let at = 0;
    while (at < want.length && got[at] === want[at]) at += 1;
    expect(got.slice(Math.max(0, at - 120), at + 200)).toBe(
      want.slice(Math.max(0, at - 120), at + 200),
    );
    expect(got.length).toBe(want.length);
  });
});
