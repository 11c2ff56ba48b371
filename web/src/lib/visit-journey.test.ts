import { afterEach, describe, expect, it } from 'vitest';
import {
  JOURNEY_MAX_PAGES,
  VISIT_JOURNEY_KEY,
  addToJourney,
  readVisitJourney,
  storedJourney,
} from './visit-journey';

afterEach(() => sessionStorage.clear());

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute));

describe("the visit's journey", () => {
  it('keeps the pages seen in order and when the visit began; a reload adds nothing', () => {
    addToJourney('/services', at(0));
    addToJourney('/services', at(1));
    addToJourney('/blog/seo-basics', at(2));
    addToJourney('/services', at(3));
    expect(storedJourney()).toEqual({
      started_at: '2026-03-02T09:00:00.000Z',
      pages: ['/services', '/blog/seo-basics', '/services'],
    });
    expect(readVisitJourney()).toEqual({
      visit_pages: '/services\n/blog/seo-basics\n/services',
      visit_started_at: '2026-03-02T09:00:00.000Z',
    });
  });

  it('leaves staff pages and the sign-in page out', () => {
    addToJourney('/admin/analytics', at(0));
    addToJourney('/creative-login', at(1));
    expect(readVisitJourney()).toEqual({});
    addToJourney('/blog', at(2));
    expect(storedJourney()?.pages).toEqual(['/blog']);
  });

  it('keeps the entry page and the latest pages up to the cap', () => {
    for (let i = 0; i < 80; i++) addToJourney(`/p${i}`, at(i % 60));
    const pages = storedJourney()?.pages ?? [];
    expect(pages).toHaveLength(JOURNEY_MAX_PAGES);
    expect(pages[0]).toBe('/p0');
    expect(pages[1]).toBe(`/p${80 - JOURNEY_MAX_PAGES + 1}`);
    expect(pages.at(-1)).toBe('/p79');
  });

  it('lives in this tab only (sessionStorage), and a new visit starts anew', () => {
    addToJourney('/services', at(0));
    expect(localStorage.length).toBe(0);
    // A new tab or a closed one: sessionStorage is empty, so the next visit begins again.
    sessionStorage.clear();
    addToJourney('/blog', at(30));
    expect(readVisitJourney()).toEqual({
      visit_pages: '/blog',
      visit_started_at: '2026-03-02T09:30:00.000Z',
    });
  });

  it('reads an unreadable value as none', () => {
    sessionStorage.setItem(VISIT_JOURNEY_KEY, '{"pages":[1]}');
    expect(readVisitJourney()).toEqual({});
    addToJourney('/blog', at(0));
    expect(storedJourney()?.pages).toEqual(['/blog']);
  });
});
