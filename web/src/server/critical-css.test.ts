import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineCriticalCss, linkedStylesheets, readStylesheets } from './critical-css';

const HREF = '/assets/style-abc12345.css';
const LINK = `<link rel="stylesheet" crossorigin href="${HREF}">`;
const CSS = [
  ':root{--ink:#141821}',
  'body{margin:0}',
  '.hero{color:var(--ink);animation:rise 1s}',
  '@keyframes rise{from{opacity:0}to{opacity:1}}',
  '@keyframes unused{from{opacity:0}}',
  '.faq{padding:1rem}',
  '.faq.is-open{padding:2rem}',
  '.btn:hover{color:red}',
  '@media (max-width:767px){.hero{font-size:2rem}.lightbox{position:fixed}}',
  '.lightbox{display:none}',
  ':is(.menu:has(.menu__nojs) .menu__toggle,.menu:has(.menu__nojs) .menu__more){display:none}',
  ':focus-visible{outline:3px solid}',
].join('');

const page = (body: string) => `<!doctype html>
<html lang="en">
  <head>
    <title>A page</title>
    ${LINK}
    <script type="module" crossorigin src="/assets/boot-abc.js"></script>
  </head>
  <body>
    ${body}
  </body>
</html>
`;

describe('inlineCriticalCss', () => {
  const body =
    '<div id="root"><h1 class="hero">Hi</h1><div class="faq">Q</div><a class="btn" href="/">Go</a></div>';

  it('inlines the rules the page uses, with their media queries and keyframes, and nothing else', async () => {
    const out = await inlineCriticalCss(page(body), { [HREF]: CSS });
    const inlined = /<style>([^<]*)<\/style>/.exec(out)?.[1] ?? '';
    for (const used of [':root', 'body{', '.hero{color', '@keyframes rise', '.faq{', '.btn:hover'])
      expect(inlined).toContain(used);
    expect(inlined).toMatch(/@media \(max-width: ?767px\)\{\.hero\{font-size:2rem\}\}/);
    // What script adds later (an open entry) and what the page lacks wait for the sheet.
    for (const unused of ['is-open', 'lightbox', '@keyframes unused'])
      expect(inlined).not.toContain(unused);
  });

  it('moves the link to the end of the body and leaves every other byte as it was', async () => {
    const before = page(body);
    const out = await inlineCriticalCss(before, { [HREF]: CSS });
    const style = /<style>[^<]*<\/style>/.exec(out)?.[0] ?? '';
    expect(out.indexOf(style)).toBeLessThan(out.indexOf('</head>'));
    expect(out.indexOf(LINK)).toBeGreaterThan(out.indexOf('</div>'));
    expect(out.indexOf(LINK) + LINK.length).toBe(out.lastIndexOf('</body>'));
    expect(out.replace(style, LINK).replace(`${LINK}</body>`, '</body>')).toBe(before);
  });

  it('keeps the rules whose selector begins with a pseudo-class (a list the minifier made one)', async () => {
    const menu =
      '<nav class="menu"><button class="menu__toggle">≡</button><noscript><a class="menu__nojs" href="#m">≡</a></noscript></nav>';
    const inlined = /<style>([^<]*)<\/style>/.exec(
      await inlineCriticalCss(page(menu), { [HREF]: CSS }),
    )?.[1];
    expect(inlined).toContain(':is(.menu:has(.menu__nojs) .menu__toggle');
    expect(inlined).toContain(':focus-visible{');
  });

  it('leaves a document that links no stylesheet as it is', async () => {
    const bare = page(body).replace(LINK, '');
    expect(await inlineCriticalCss(bare, {})).toBe(bare);
  });

  it('fails on a stylesheet the build does not have, naming it', async () => {
    await expect(inlineCriticalCss(page(body), {})).rejects.toThrow(HREF);
  });

  it('matches rules against the page, not against what its text says', async () => {
    const out = await inlineCriticalCss(page('<p>class="lightbox"</p>'), { [HREF]: CSS });
    expect(/<style>([^<]*)<\/style>/.exec(out)?.[1]).not.toContain('lightbox');
  });
});

describe('readStylesheets', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads each stylesheet the shell links from the build folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'critical-css-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, HREF), CSS);
    expect(linkedStylesheets(page(''))).toEqual([HREF]);
    expect(await readStylesheets(dir, page(''))).toEqual({ [HREF]: CSS });
  });

  it('refuses a link that is not a built stylesheet, and names a missing one', async () => {
    const outside = page('').replace(HREF, '/assets/../../etc/passwd.css');
    await expect(readStylesheets(dir, outside)).rejects.toThrow('not a built stylesheet');
    const missing = page('').replace(HREF, '/assets/style-gone.css');
    await expect(readStylesheets(dir, missing)).rejects.toThrow('style-gone.css');
  });
});
