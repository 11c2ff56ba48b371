import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { prepareAllPages, render } from '../entry-server';
import { SEED_PAGES } from '../content/pages';
import { SEED_SITE_SETTINGS } from '../content/site-settings';
import { givenPages, pageDataScript } from '../features/pages/page-data';
import { hydrateIsland } from './hydrate';
import { ISLANDS } from './registry';

const SITE = 'http://localhost:3000';

/** The seed's block pages, rendered as the prerender renders them. */
const paths = SEED_PAGES.map((p) => p.path);

beforeAll(async () => {
  await prepareAllPages();
}, 60_000);

afterAll(() => {
  document.body.replaceChildren();
});

/** Put a rendered page into this document as the served page would be. */
function serve(path: string): HTMLElement {
  const rendered = render(path, {
    siteUrl: SITE,
    settings: SEED_SITE_SETTINGS,
    blockPages: givenPages(SEED_PAGES),
  });
  document.head.innerHTML = `<link rel="canonical" href="${SITE}${path}">`;
  document.body.innerHTML = `<div id="root" data-path="${path}">${rendered.html}</div>${pageDataScript(
    { path, page: SEED_PAGES.find((p) => p.path === path) ?? null, settings: SEED_SITE_SETTINGS },
  )}`;
  window.history.replaceState(null, '', path);
  return document.getElementById('root') as HTMLElement;
}

describe('each island hydrates its own server-rendered root', () => {
  it('the seed pages have islands, each a known one with its props', () => {
    const names = new Set<string>();
    for (const path of paths) {
      serve(path);
      for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
        names.add(el.dataset.deferred ?? '');
        expect(Object.keys(ISLANDS)).toContain(el.dataset.deferred);
        expect(() => JSON.parse(el.dataset.props ?? '')).not.toThrow();
      }
    }
    expect([...names]).toEqual(
      expect.arrayContaining([
        'client-carousel',
        'enquiry-form',
        'benefit-tabs',
        'portfolio-gallery',
      ]),
    );
  });

  it.each(paths)('%s: every island hydrates without a mismatch and goes live', async (path) => {
    const root = serve(path);
    const islands = [...root.querySelectorAll<HTMLElement>('[data-island]')];
    const errors: unknown[] = [];
    const before = islands.map((el) => el.innerHTML);
    await act(async () => {
      for (const el of islands)
        await hydrateIsland(el, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors.map(String)).toEqual([]);
    for (const [i, el] of islands.entries()) {
      expect(el.hasAttribute('data-hydrated'), el.dataset.deferred).toBe(true);
      // Hydration kept the server's content (a mismatch would have rendered it again).
      expect(el.innerHTML.length, el.dataset.deferred).toBeGreaterThan(0);
      expect(before[i]?.length).toBeGreaterThan(0);
    }
  });
});
