import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { servedSiteUrl, SiteUrlContext, useSiteUrl } from './site-url';

function Probe() {
  return <p data-testid="site">{useSiteUrl()}</p>;
}

afterEach(() => {
  document.head.querySelectorAll('link[rel="canonical"]').forEach((el) => el.remove());
});

describe('servedSiteUrl', () => {
  it('is the origin of the canonical link the server wrote, not the build default', () => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = 'http://localhost:3101/blog/a-post';
    document.head.appendChild(link);
    expect(servedSiteUrl(document)).toBe('http://localhost:3101');
  });

  it("is the page's own origin where the server wrote no canonical link (the admin shell)", () => {
    expect(servedSiteUrl(document)).toBe(window.location.origin);
  });
});

describe('useSiteUrl', () => {
  it('is the address the page was rendered for', () => {
    render(
      <SiteUrlContext.Provider value="https://www.agency.example">
        <Probe />
      </SiteUrlContext.Provider>,
    );
    expect(screen.getByTestId('site')).toHaveTextContent('https://www.agency.example');
  });
});
