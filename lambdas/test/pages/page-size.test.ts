import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PAGE_CONTENT_MAX_BYTES,
  pageContentBytes,
  type PageContent,
  type SitePage,
} from '@agency/shared';
import { DynamoPageStore } from '../../src/modules/pages/adapters/page-store';
import { pageDeps } from '../../src/modules/pages/deps';
import { LambdaPageRenderer } from '../../src/modules/pages/adapters/page-renderer';
import { renderEverything } from '../../src/modules/pages/domain/live';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { PAGE_PATHS, seedTestPages, validBlock } from './fixture';

/**
 * The page size limit (issue 32, item 5): a page's content as stored is at most 150 KB, so the
 * draft and the live copy fit one DynamoDB item (400 KB) and a render call of 10 pages fits
 * Lambda's 6 MB payload; past it every write answers 400 at `blocks`, never a 500.
 */

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: PAGE_PATHS,
});

const store = new DynamoPageStore();

beforeAll(async () => {
  await seedTestPages();
});

const dataOf = <T>(json: unknown) => (json as { data: T }).data;
const errorOf = (json: unknown) => json as { error: string; field?: string };
const TOO_LARGE = /^blocks: is too large: \d+ KB of at most 150 KB/;

async function page(p: string): Promise<SitePage> {
  const res = await stack.invoke('getPage', { token, query: { path: p } });
  expect(res.status, res.body).toBe(200);
  return dataOf<SitePage>(res.json);
}

/** A rich text's most characters (the schema's), markup included. */
const FIELD_MAX = 50_000;

/** A prose block whose text is `text` (in one paragraph). */
const prose = (i: number, text: string) => ({
  ...validBlock('prose', `prose-${i}`),
  body: `<p>${text}</p>`,
});

async function newPage(p: string): Promise<SitePage> {
  const res = await stack.invoke('createPage', { token, json: { path: p, from: '/about' } });
  expect(res.status, res.body).toBe(201);
  return dataOf<SitePage>(res.json);
}

async function save(p: string, blocks: unknown[]) {
  const current = await page(p);
  return stack.invoke('updatePage', {
    token,
    json: {
      path: p,
      version: current.version,
      title: current.title,
      description: current.description,
      breadcrumb: current.breadcrumb,
      blocks,
    },
  });
}

/** What the stored draft of `p` weighs, as the server measures it. */
async function storedBytes(p: string): Promise<number> {
  const record = await store.get(p);
  if (!record) throw new Error(`no page at ${p}`);
  return pageContentBytes(record.content);
}

describe('the page size limit', () => {
  it('refuses 40 text blocks of 50,000 characters with a 400 at blocks, and keeps the page as it was', async () => {
    const before = await newPage('/huge');
    // Each body is a rich text of 50,000 characters, the most the schema takes.
    const blocks = Array.from({ length: 40 }, (_, i) => prose(i, 'a'.repeat(FIELD_MAX - 7)));
    const res = await save('/huge', blocks);
    expect(res.status, res.body.slice(0, 300)).toBe(400);
    expect(errorOf(res.json).field).toBe('blocks');
    expect(errorOf(res.json).error).toMatch(TOO_LARGE);
    // The size said is the size sent: over 40 × 50,000 bytes.
    const said = Number(/(\d+) KB/.exec(errorOf(res.json).error)?.[1]);
    expect(said).toBeGreaterThan((40 * FIELD_MAX) / 1024);
    expect(said).toBeLessThan((40 * 51_000) / 1024);
    expect((await page('/huge')).version).toBe(before.version);
  });

  it('counts bytes as DynamoDB does (UTF-8): 80,000 accented letters are over though 80,000 characters are not', async () => {
    await newPage('/accents');
    const accented = [prose(0, 'é'.repeat(40_000)), prose(1, 'é'.repeat(40_000))];
    const res = await save('/accents', accented);
    expect(res.status, res.body.slice(0, 300)).toBe(400);
    expect(errorOf(res.json)).toMatchObject({ field: 'blocks' });
    const ascii = await save('/accents', [
      prose(0, 'e'.repeat(40_000)),
      prose(1, 'e'.repeat(40_000)),
    ]);
    expect(ascii.status, ascii.body.slice(0, 300)).toBe(200);
  });

  it('saves and publishes a page just under the limit, and refuses one byte more', async () => {
    await newPage('/just-under');
    // Three full blocks and a fourth filled so the stored content lands exactly on the limit.
    const full3 = [0, 1, 2].map((i) => prose(i, 'b'.repeat(FIELD_MAX - 7)));
    const last = (n: number) => prose(3, `Just under the limit ${'b'.repeat(n)}`);
    const first = await save('/just-under', [...full3, last(0)]);
    expect(first.status, first.body.slice(0, 300)).toBe(200);
    const room = PAGE_CONTENT_MAX_BYTES - (await storedBytes('/just-under'));
    expect(room).toBeGreaterThan(0);
    expect(room).toBeLessThan(FIELD_MAX - 40);
    const full = await save('/just-under', [...full3, last(room)]);
    expect(full.status, full.body.slice(0, 300)).toBe(200);
    expect(await storedBytes('/just-under')).toBe(PAGE_CONTENT_MAX_BYTES);
    const published = await stack.invoke('publishPage', { token, json: { path: '/just-under' } });
    expect(published.status, published.body.slice(0, 300)).toBe(200);
    expect(dataOf<SitePage>(published.json).status).toBe('published');
    const head = await stack.clients.s3.send(
      new HeadObjectCommand({ Bucket: stack.env.SITE_BUCKET, Key: 'just-under/index.html' }),
    );
    expect(head.ContentLength).toBeGreaterThan(PAGE_CONTENT_MAX_BYTES);
    // One byte more is refused, its size rounded up.
    const over = await save('/just-under', [...full3, last(room + 1)]);
    expect(over.status).toBe(400);
    expect(errorOf(over.json)).toEqual({
      error: 'blocks: is too large: 151 KB of at most 150 KB; shorten or remove some blocks',
      field: 'blocks',
      code: 'invalid',
    });
  });

  it('refuses to publish, copy or restore content stored before the limit (400, not 500)', async () => {
    await newPage('/old-big');
    const record = await store.get('/old-big');
    if (!record) throw new Error('no page');
    // A 353 KB draft, as the store took it before the limit (one copy fits an item).
    const big: PageContent = {
      ...record.content,
      blocks: Array.from({ length: 8 }, (_, i) => prose(i, 'c'.repeat(45_000))),
    } as PageContent;
    expect(pageContentBytes(big)).toBeGreaterThan(350 * 1024);
    const next = { ...record, content: big, version: record.version + 1 };
    expect(
      await store.save(next, { version: record.version, site_version: record.site_version }, null),
    ).toBe('written');
    const publish = await stack.invoke('publishPage', { token, json: { path: '/old-big' } });
    expect(publish.status, publish.body.slice(0, 300)).toBe(400);
    expect(errorOf(publish.json)).toMatchObject({ field: 'blocks' });
    expect(errorOf(publish.json).error).toMatch(TOO_LARGE);
    expect((await page('/old-big')).status).toBe('draft');
    const copy = await stack.invoke('createPage', {
      token,
      json: { path: '/copy-of-old-big', from: '/old-big' },
    });
    expect(copy.status, copy.body.slice(0, 300)).toBe(400);
    expect(errorOf(copy.json)).toMatchObject({ field: 'blocks' });
    // A save of a small draft keeps the big one as a revision; restoring it is refused.
    const small = await save('/old-big', [prose(0, 'small')]);
    expect(small.status, small.body.slice(0, 300)).toBe(200);
    const kept = await store.revision('/old-big', next.version);
    expect(kept && pageContentBytes(kept)).toBeGreaterThan(PAGE_CONTENT_MAX_BYTES);
    const restore = await stack.invoke('restorePageRevision', {
      token,
      json: {
        path: '/old-big',
        revision: next.version,
        version: dataOf<SitePage>(small.json).version,
      },
    });
    expect(restore.status, restore.body.slice(0, 300)).toBe(400);
    expect(errorOf(restore.json)).toMatchObject({ field: 'blocks' });
  });

  /** A two-column text block of 20 paragraphs of 3,000 `letter`s (the most its schema takes). */
  const twoColumns = (i: number, letter: string) => ({
    ...validBlock('text', `text-${i}`),
    paragraphs: Array.from({ length: 20 }, () => letter.repeat(3000 / letter.length)),
  });

  it.each([
    ['plain letters', (i: number) => prose(i, 'd'.repeat(FIELD_MAX - 7))],
    ['accented letters', (i: number) => prose(i, 'é'.repeat(FIELD_MAX - 7))],
    ['characters HTML escapes', (i: number) => twoColumns(i, '<&')],
  ])(
    'renders every live page with the settings in calls whose answers fit Lambda’s 6 MB payload: 10 pages at the limit (%s)',
    async (what, block) => {
      const stored = await store.getSettings();
      if (!stored) throw new Error('no settings');
      const template = await store.get('/about');
      if (!template) throw new Error('no page');
      const slug = what.toLowerCase().replace(/\W+/g, '-');
      for (let n = 0; n < 10; n++) {
        // As many blocks as fit under the limit.
        const content = { ...template.content, blocks: [] as unknown[] };
        for (
          let i = 0;
          pageContentBytes({ ...content, blocks: [...content.blocks, block(i)] }) <=
          PAGE_CONTENT_MAX_BYTES;
          i++
        )
          content.blocks.push(block(i));
        expect(pageContentBytes(content)).toBeGreaterThan(PAGE_CONTENT_MAX_BYTES * 0.6);
        const live = { ...content } as PageContent;
        await store.create(
          {
            ...template,
            path: `/full-${slug}-${n}`,
            content: live,
            published: live,
            version: 1,
            published_version: 1,
            site_version: 1,
            rendered_version: 1,
          },
          null,
        );
      }
      const renderer = new LambdaPageRenderer();
      const answers: number[] = [];
      const deps = pageDeps({ warn: () => undefined });
      const written = await renderEverything(
        {
          ...deps,
          renderer: {
            render: async (...args: Parameters<LambdaPageRenderer['render']>) => {
              const documents = await renderer.render(...args);
              answers.push(Buffer.byteLength(JSON.stringify({ documents })));
              return documents;
            },
          },
        },
        stored,
      );
      const MB = 1024 * 1024;
      console.log(
        `settings render with 10 pages at the limit (${what}): ${answers.length} calls, answers ${answers.map((a) => (a / MB).toFixed(2)).join(', ')} MB`,
      );
      expect(written).toBeGreaterThanOrEqual(10);
      for (const answer of answers) expect(answer).toBeLessThan(6 * MB);
    },
  );
});
