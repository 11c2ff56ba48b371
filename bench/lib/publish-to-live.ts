/**
 * Publish-to-live: how long after staff press Publish a visitor's request (through the edge, no
 * script) gets the new text. Measured on the running local stack: for a page, save a draft whose
 * first hero line carries a fresh marker, publish it, then fetch the public address until the
 * marker is in the HTML; for the site settings, save them with a new phone number for the first office and fetch a page
 * until it shows it. Each time runs from the publish request to the first answer with the marker.
 * In AWS a CloudFront invalidation (typically 5–60 s) comes on top: the local edge caches nothing.
 */
import { buildPath, type PageBlock, type SitePage, type SiteSettings } from '@agency/shared';

export interface PublishFigures {
  runs: number;
  /** Milliseconds from the publish request to the first public answer with the change. */
  p50: number;
  p95: number;
  max: number;
  /** How long the publish call itself took (render, write, invalidate), median. */
  callP50: number;
}

const POLL_MS = 25;
const GIVE_UP_MS = 60_000;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] ?? 0);
}

function figures(live: number[], calls: number[]): PublishFigures {
  const l = [...live].sort((a, b) => a - b);
  const c = [...calls].sort((a, b) => a - b);
  return {
    runs: l.length,
    p50: percentile(l, 50),
    p95: percentile(l, 95),
    max: Math.round(l.at(-1) ?? 0),
    callP50: percentile(c, 50),
  };
}

async function call(
  base: string,
  token: string,
  path: string,
  method: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Fetch `url` until its HTML contains `marker`; the time it first did, since `since`. */
async function waitForMarker(url: string, marker: string, since: number): Promise<number> {
  for (;;) {
    const html = await (await fetch(url, { headers: { 'cache-control': 'no-cache' } })).text();
    if (html.includes(marker)) return performance.now() - since;
    if (performance.now() - since > GIVE_UP_MS)
      throw new Error(`${url} did not show “${marker}” within ${GIVE_UP_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The block's first line of hero text set to `text` (the home carousel's first slide, else a hero's title). */
function withHeroText(blocks: PageBlock[], text: string): PageBlock[] {
  const i = blocks.findIndex((b) => b.type === 'heroCarousel' || b.type === 'hero');
  const block = blocks[i];
  if (!block) throw new Error('the page has no hero to change');
  const changed: PageBlock =
    block.type === 'heroCarousel'
      ? {
          ...block,
          slides: block.slides.map((s, n) => (n === 0 ? { ...s, sub: text } : s)),
        }
      : block.type === 'hero'
        ? { ...block, title: text }
        : block;
  return blocks.map((b, n) => (n === i ? changed : b));
}

/** Publish-to-live of one page, `runs` times. */
export async function measurePagePublish(
  base: string,
  token: string,
  path: string,
  runs: number,
): Promise<PublishFigures> {
  const live: number[] = [];
  const calls: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { data: page } = (await call(base, token, buildPath('getPage', {}, { path }), 'GET')) as {
      data: SitePage;
    };
    const marker = `Published by the benchmark, run ${run} ${Date.now()}`;
    await call(base, token, buildPath('updatePage'), 'PUT', {
      path,
      title: page.title,
      description: page.description,
      keywords: page.keywords,
      image: page.image,
      breadcrumb: page.breadcrumb,
      blocks: withHeroText(page.blocks, marker),
      version: page.version,
    });
    const start = performance.now();
    await call(base, token, buildPath('publishPage'), 'POST', { path });
    calls.push(performance.now() - start);
    live.push(await waitForMarker(`${base}${path}`, marker, start));
  }
  return figures(live, calls);
}

/** Publish-to-live of the site settings (every page rendered again), `runs` times, seen on `path`. */
export async function measureSettingsPublish(
  base: string,
  token: string,
  path: string,
  runs: number,
): Promise<PublishFigures> {
  const live: number[] = [];
  const calls: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { data } = (await call(base, token, buildPath('getSiteSettings'), 'GET')) as {
      data: { settings: SiteSettings; version: number };
    };
    // A corrected phone number: the footer of every page shows it.
    const marker = `+1 (312) 555-${String(1000 + (run % 9000))}`;
    const offices = data.settings.offices.map((o, n) => (n === 0 ? { ...o, phone: marker } : o));
    const start = performance.now();
    await call(base, token, buildPath('updateSiteSettings'), 'PUT', {
      settings: { ...data.settings, offices },
      version: data.version,
    });
    calls.push(performance.now() - start);
    live.push(await waitForMarker(`${base}${path}`, marker, start));
  }
  return figures(live, calls);
}
