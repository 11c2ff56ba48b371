import { LEAD_SOURCE_LIMITS } from '@agency/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISIT_ARRIVAL_KEY, rememberArrival } from './visit-arrival';
import { readVisitSource, visitSourceOf } from './visit-source';

/** A page load at `path` (on jsdom's own origin) from `referrer`, as the boot script sees it. */
function arrive(path: string, referrer = ''): void {
  window.history.replaceState(null, '', path);
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
  rememberArrival();
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('visit source', () => {
  it('remembers the first page, the external referrer and the campaign parameters', () => {
    const landing =
      '/services?utm_source=newsletter&utm_medium=email&utm_campaign=nov&utm_term=seo&utm_content=top&gclid=abc&x=1';
    arrive(landing, 'https://www.google.com/');
    expect(readVisitSource()).toEqual({
      landing_page: landing,
      referrer: 'https://www.google.com/',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'nov',
      utm_term: 'seo',
      utm_content: 'top',
      gclid: 'abc',
    });
  });

  it('keeps the first page of the visit: later pages never overwrite it', () => {
    arrive('/services?utm_source=newsletter', 'https://news.example/');
    arrive('/about?utm_source=other', 'https://elsewhere.example/');
    arrive('/contact');
    expect(readVisitSource()).toEqual({
      landing_page: '/services?utm_source=newsletter',
      referrer: 'https://news.example/',
      utm_source: 'newsletter',
    });
  });

  it('keeps it in sessionStorage only: nothing in localStorage, no cookie', () => {
    arrive('/services?utm_source=newsletter', 'https://news.example/');
    expect(sessionStorage.length).toBe(1);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('leaves out the referrer when it is the site itself, and parameters that are absent or blank', () => {
    arrive('/blog?utm_source=%20%20&utm_medium=', `${window.location.origin}/services`);
    expect(readVisitSource()).toEqual({ landing_page: '/blog?utm_source=%20%20&utm_medium=' });
  });

  it('trims values and caps them at the lengths the server accepts', () => {
    const long = 'x'.repeat(LEAD_SOURCE_LIMITS.paramMax + 50);
    const source = visitSourceOf(
      `/${'p'.repeat(LEAD_SOURCE_LIMITS.urlMax)}?utm_campaign=%20${long}&utm_term=%20spring%20`,
      `https://ref.example/${'r'.repeat(LEAD_SOURCE_LIMITS.urlMax)}`,
    );
    expect(source.utm_campaign).toBe('x'.repeat(LEAD_SOURCE_LIMITS.paramMax));
    expect(source.utm_term).toBe('spring');
    expect(source.referrer).toHaveLength(LEAD_SOURCE_LIMITS.urlMax);
    expect(source.landing_page).toHaveLength(LEAD_SOURCE_LIMITS.urlMax);
  });

  it('never sends what the server would refuse: app referrers, a path reading as another host', () => {
    expect(visitSourceOf('//evil.example/x', 'android-app://com.app/')).toEqual({
      landing_page: '/evil.example/x',
    });
  });

  it('does nothing, silently, when storage is disabled', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => arrive('/services?utm_source=newsletter')).not.toThrow();
    expect(readVisitSource()).toEqual({});
  });

  it('does nothing when storage refuses to write (a full quota, old private modes)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => arrive('/services?utm_source=newsletter')).not.toThrow();
    expect(readVisitSource()).toEqual({});
  });

  it('reads a damaged or edited entry as what the server accepts, or nothing', () => {
    sessionStorage.setItem(VISIT_ARRIVAL_KEY, '{not json');
    expect(readVisitSource()).toEqual({});
    sessionStorage.setItem(VISIT_ARRIVAL_KEY, JSON.stringify({ landing_page: 7 }));
    expect(readVisitSource()).toEqual({});
    sessionStorage.setItem(
      VISIT_ARRIVAL_KEY,
      JSON.stringify({ landing_page: '/x?utm_medium=%20cpc%20', referrer: 'javascript:alert(1)' }),
    );
    expect(readVisitSource()).toEqual({
      landing_page: '/x?utm_medium=%20cpc%20',
      utm_medium: 'cpc',
    });
  });
});
