import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { titleCardPath, type Image, type Post, type SitePage } from '@agency/shared';
import { resetEnv } from '../../src/platform/env';
import { handlerMode } from '../../src/local/functions/handler-modules';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { startRenderServer } from '../support/render-server';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { photoJpeg } from '../support/photos';
import { uploadImage } from '../support/upload';
import { PAGE_PATHS, seedTestPages, SETTINGS } from './fixture';

/**
 * Link previews, as Facebook, X and LinkedIn fetch them: every page's og:image, followed through the
 * edge, is a 1200 × 630 JPEG (they show no SVG), named with its size and alt in the head.
 */

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: PAGE_PATHS,
});

let edge: TestEdge;
const SITE_CARD = path.resolve(
  import.meta.dirname,
  '../../../web/public/assets/img/share-card.jpg',
);

beforeAll(async () => {
  await seedTestPages();
  // The deploy uploads the build's pictures to the site bucket; the site's share card among them.
  await stack.clients.s3.send(
    new PutObjectCommand({
      Bucket: stack.env.SITE_BUCKET,
      Key: 'assets/img/share-card.jpg',
      Body: await readFile(SITE_CARD),
      ContentType: 'image/jpeg',
    }),
  );
  edge = await startTestEdge(stack, {
    files: { '404/index.html': '<title>Not found</title>' },
    sitePages: {
      prerendered: ['/', '/about', '/contact-us'],
      rendered: ['/blog', '/blog/*', '/sitemap.xml'],
      app: ['/admin'],
      notFound: '/404',
    },
    siteBucket: true,
  });
  return () => edge.stop();
});

const dataOf = <T>(json: unknown) => (json as { data: T }).data;

/** The content of a `<meta property|name="…">` of a document, or undefined. */
function meta(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`);
  return re.exec(html)?.[1]?.replace(/&amp;/g, '&');
}

/** A page's HTML through the edge (the rendered blog pages: through the render server's edge). */
type PageFetch = (p: string) => Promise<{ status: number; body: string }>;
const viaEdge: PageFetch = async (p) => {
  const res = await fetch(`${edge.base}${p}`);
  return { status: res.status, body: await res.text() };
};

/** Fetch a page, follow its og:image through the edge, and read the picture. */
async function shareImageOf(pagePath: string, page: PageFetch = viaEdge) {
  const res = await page(pagePath);
  expect(res.status, pagePath).toBe(200);
  const html = res.body;
  const og = meta(html, 'og:image');
  expect(og, `${pagePath} has an og:image`).toMatch(/^https?:\/\//);
  const url = new URL(og ?? '');
  const image = await fetch(`${edge.base}${url.pathname}`);
  expect(image.status, url.pathname).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/jpeg');
  const bytes = Buffer.from(await image.arrayBuffer());
  const info = await sharp(bytes).metadata();
  return {
    html,
    path: url.pathname,
    bytes,
    info: { format: info.format, width: info.width, height: info.height },
  };
}

/** The tags every page carries with its share image: its size, its alt, and the large card. */
function expectCardTags(html: string, og: string) {
  expect(meta(html, 'og:image:width')).toBe('1200');
  expect(meta(html, 'og:image:height')).toBe('630');
  expect(meta(html, 'og:image:alt')?.length ?? 0).toBeGreaterThan(0);
  expect(meta(html, 'twitter:card')).toBe('summary_large_image');
  expect(meta(html, 'twitter:image')).toBe(og);
  expect(meta(html, 'twitter:image:alt')).toBe(meta(html, 'og:image:alt'));
  expect(html).not.toMatch(/<meta [^>]*content="[^"]*\.svg"/);
}

/** Upload a JPEG photo as the admin does. */
const upload = (bytes: Buffer): Promise<Image> => uploadImage(stack, token, bytes);

async function publishWithImage(pagePath: string, image: string | undefined) {
  const got = await stack.invoke('getPage', { token, query: { path: pagePath } });
  expect(got.status, got.body).toBe(200);
  const current = dataOf<SitePage>(got.json);
  const saved = await stack.invoke('updatePage', {
    token,
    json: {
      path: pagePath,
      version: current.version,
      title: current.title,
      description: current.description,
      breadcrumb: current.breadcrumb,
      blocks: current.blocks,
      ...(image ? { image } : {}),
    },
  });
  expect(saved.status, saved.body).toBe(200);
  const published = await stack.invoke('publishPage', { token, json: { path: pagePath } });
  expect(published.status, published.body).toBe(200);
}

describe('every page’s link preview is a 1200 × 630 JPEG', () => {
  it('a page without an image of its own shows a card drawn from its title, made when it is published', async () => {
    await publishWithImage('/', undefined);
    const { title } = dataOf<SitePage>(
      (await stack.invoke('getPage', { token, query: { path: '/' } })).json,
    );
    const site = (await stack.invoke('getSiteSettings', { token })).json as {
      data: { settings: { name: string } };
    };
    const name = site.data.settings.name;
    const card = await shareImageOf('/');
    const shown = title.replace(new RegExp(`\\s*[|–-]\\s*${name}$`), '');
    expect(card.path).toBe(titleCardPath({ title: shown, site: name }));
    expect(card.info).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    expectCardTags(card.html, meta(card.html, 'og:image') ?? '');
    expect(meta(card.html, 'og:image:alt')).toBe(`${shown} · ${name}`);

    // A new title is a new card; the old one stays as it was (a post shared earlier keeps its picture).
    const current = dataOf<SitePage>(
      (await stack.invoke('getPage', { token, query: { path: '/' } })).json,
    );
    const renamed = await stack.invoke('updatePage', {
      token,
      json: { ...current, path: '/', title: 'Growth you can measure' },
    });
    expect(renamed.status, renamed.body).toBe(200);
    const published = await stack.invoke('publishPage', { token, json: { path: '/' } });
    expect(published.status, published.body).toBe(200);
    const next = await shareImageOf('/');
    expect(next.path).toBe(titleCardPath({ title: 'Growth you can measure', site: name }));
    expect(next.bytes.equals(card.bytes)).toBe(false);
    const old = await fetch(`${edge.base}${card.path}`);
    expect(old.status).toBe(200);
    expect(Buffer.from(await old.arrayBuffer()).equals(card.bytes)).toBe(true);
  });

  // Bundled handlers read IMAGE_FUNCTION once, at their first call: the outage is made in source mode.
  it.skipIf(handlerMode() === 'bundles')(
    'a page still goes live when the image function cannot draw its card (the preview lacks its picture)',
    async () => {
      const saved = process.env.IMAGE_FUNCTION;
      process.env.IMAGE_FUNCTION = 'no-such-function';
      resetEnv();
      try {
        const current = dataOf<SitePage>(
          (await stack.invoke('getPage', { token, query: { path: '/' } })).json,
        );
        const title = `Published in an image outage ${Date.now()}`;
        const renamed = await stack.invoke('updatePage', {
          token,
          json: { ...current, path: '/', title },
        });
        expect(renamed.status, renamed.body).toBe(200);
        const published = await stack.invoke('publishPage', { token, json: { path: '/' } });
        expect(published.status, published.body).toBe(200);
        const page = await viaEdge('/');
        expect(page.body).toContain(`<title>${title}</title>`);
        const og = new URL(meta(page.body, 'og:image') ?? '').pathname;
        expect((await fetch(`${edge.base}${og}`)).status).toBe(404);
      } finally {
        process.env.IMAGE_FUNCTION = saved;
        resetEnv();
      }
    },
  );

  it('a page with a library image (any shape) shows that image’s 1200 × 630 card', async () => {
    // A tall photo: the card is cropped to fill 1200 × 630 all the same.
    const photo = await upload(await photoJpeg({ width: 900, height: 1400, seed: 5 }));
    await publishWithImage('/about', `/media/images/${photo.id}/original.jpg`);
    const card = await shareImageOf('/about');
    expect(card.path).toBe(`/media/images/${photo.id}/card.jpg`);
    expect(card.info).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    expectCardTags(card.html, meta(card.html, 'og:image') ?? '');
  });

  it('the blog list, a post without a banner and a post with one', async () => {
    const banner = await upload(await photoJpeg({ width: 2000, height: 1000, seed: 9 }));
    for (const [slug, extra] of [
      ['plain-post', {}],
      ['banner-post', { banner_media: banner.id }],
    ] as const) {
      const created = await stack.invoke('createPost', {
        token,
        multipart: { title: `A ${slug}`, slug, content: '<p>Body</p>', ...extra },
      });
      expect(created.status, created.body).toBe(201);
      expect(dataOf<Post>(created.json).slug).toBe(slug);
    }
    const render = await startRenderServer(stack);
    const page: PageFetch = (p) => render.page(p);
    try {
      await blogCards(page, banner);
    } finally {
      await render.stop();
    }
  });
});

describe('a page’s search and share fields', () => {
  it('refuses a preferred address that is no site path or https address (400 naming it)', async () => {
    const current = dataOf<SitePage>(
      (await stack.invoke('getPage', { token, query: { path: '/contact-us' } })).json,
    );
    const res = await stack.invoke('updatePage', {
      token,
      json: { ...current, path: '/contact-us', canonical: 'javascript:alert(1)' },
    });
    expect(res.status, res.body).toBe(400);
    expect((res.json as { field?: string }).field).toBe('canonical');
  });

  it('a hidden page says noindex, shows its share title and preferred address, and leaves the sitemap', async () => {
    const got = await stack.invoke('getPage', { token, query: { path: '/contact-us' } });
    const current = dataOf<SitePage>(got.json);
    const saved = await stack.invoke('updatePage', {
      token,
      json: {
        path: '/contact-us',
        version: current.version,
        title: current.title,
        description: current.description,
        breadcrumb: current.breadcrumb,
        blocks: current.blocks,
        shareTitle: 'Talk to us today',
        shareDescription: 'We call back within a day.',
        canonical: '/about',
        noindex: true,
      },
    });
    expect(saved.status, saved.body).toBe(200);
    expect(dataOf<SitePage>(saved.json)).toMatchObject({
      shareTitle: 'Talk to us today',
      canonical: '/about',
      noindex: true,
    });
    const published = await stack.invoke('publishPage', { token, json: { path: '/contact-us' } });
    expect(published.status, published.body).toBe(200);

    const res = await fetch(`${edge.base}/contact-us`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(meta(html, 'og:title')).toBe('Talk to us today');
    // The card drawn for it shows the share title.
    expect(new URL(meta(html, 'og:image') ?? '').pathname).toBe(
      titleCardPath({ title: 'Talk to us today', site: SETTINGS.name }),
    );
    expect(meta(html, 'twitter:description')).toBe('We call back within a day.');
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^/"]+\/about">/);
    expect(html).toContain(`<title>${current.title}</title>`);

    const render = await startRenderServer(stack);
    try {
      const sitemap = await render.page('/sitemap.xml');
      expect(sitemap.status).toBe(200);
      expect(sitemap.body).toContain('/about</loc>');
      expect(sitemap.body).not.toContain('/contact-us</loc>');
    } finally {
      await render.stop();
    }
  });
});

async function blogCards(page: PageFetch, banner: Image) {
  {
    const list = await shareImageOf('/blog', page);
    expect(list.path).toBe('/assets/img/share-card.jpg');
    expect(list.info).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    expectCardTags(list.html, meta(list.html, 'og:image') ?? '');

    const plain = await shareImageOf('/blog/plain-post', page);
    expect(plain.path).toBe('/assets/img/share-card.jpg');
    expectCardTags(plain.html, meta(plain.html, 'og:image') ?? '');

    const withBanner = await shareImageOf('/blog/banner-post', page);
    expect(withBanner.path).toBe(`/media/images/${banner.id}/card.jpg`);
    expect(withBanner.info).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    expectCardTags(withBanner.html, meta(withBanner.html, 'og:image') ?? '');
  }
}
