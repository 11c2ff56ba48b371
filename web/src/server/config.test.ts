import { describe, expect, it } from 'vitest';
import { readServerConfig } from './config';

describe('render handler configuration', () => {
  it('defaults the API origin to the site URL and finds the shell in WEB_DIST', () => {
    const c = readServerConfig({ SITE_URL: 'https://agency.test/', WEB_DIST: '/srv/dist' });
    expect(c).toEqual({
      siteUrl: 'https://agency.test',
      apiOrigin: 'https://agency.test',
      shellFile: '/srv/dist/index.html',
      manifestFile: '/srv/dist/.vite/manifest.json',
    });
    expect(
      readServerConfig({
        SITE_URL: 'https://agency.test',
        API_ORIGIN: 'http://127.0.0.1:4000/',
        WEB_DIST: '/srv/dist',
      }).apiOrigin,
    ).toBe('http://127.0.0.1:4000');
  });
  it('names a bad variable', () => {
    expect(() => readServerConfig({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
  });
  it('has no default site address: a missing or empty SITE_URL fails naming it', () => {
    expect(() => readServerConfig({ WEB_DIST: '/srv/dist' })).toThrow('SITE_URL is not set');
    expect(() => readServerConfig({ SITE_URL: '', WEB_DIST: '/srv/dist' })).toThrow(
      'SITE_URL is not set',
    );
  });
});
