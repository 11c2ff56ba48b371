import { afterEach, describe, expect, it } from 'vitest';
import { startNotFoundAddress } from './not-found';

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('the not-found page’s address', () => {
  it('replaces an unknown address with the one the page is shown at', () => {
    window.history.replaceState(null, '', '/no-such-page?x=1');
    document.body.innerHTML =
      '<div id="root" data-path="/404"><section data-shown-at="/404"><h1>Lost</h1></section></div>';
    startNotFoundAddress(document);
    expect(window.location.pathname).toBe('/404');
  });

  it('leaves every other page’s address alone', () => {
    window.history.replaceState(null, '', '/services');
    document.body.innerHTML = '<div id="root" data-path="/services"><h1>Services</h1></div>';
    startNotFoundAddress(document);
    expect(window.location.pathname).toBe('/services');
  });
});
