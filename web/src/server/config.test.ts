import { describe, expect, it } from 'vitest';
import { readOriginSecrets, readServerConfig } from './config';
import { throughEdge } from './render-handler';

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

  it('reads the origin secrets: current and, during a rotation, previous; none when unset or malformed', () => {
    const current = 'c'.repeat(40);
    const previous = 'p'.repeat(40);
    expect(readOriginSecrets({ ORIGIN_VERIFY: JSON.stringify({ current }) })).toEqual([current]);
    expect(readOriginSecrets({ ORIGIN_VERIFY: JSON.stringify({ current, previous }) })).toEqual([
      current,
      previous,
    ]);
    for (const bad of [undefined, '', 'not json', '{}', JSON.stringify({ current: 'short' })])
      expect(readOriginSecrets({ ORIGIN_VERIFY: bad }), String(bad)).toEqual([]);
    const event = (value?: string) =>
      ({ headers: value === undefined ? {} : { 'x-origin-verify': value } }) as Parameters<
        typeof throughEdge
      >[0];
    expect(throughEdge(event(current), [current, previous])).toBe(true);
    expect(throughEdge(event(previous), [current, previous])).toBe(true);
    expect(throughEdge(event('guessed'), [current])).toBe(false);
    expect(throughEdge(event(), [current])).toBe(false);
    // With no secret configured nothing is let in, not even an empty header.
    expect(throughEdge(event(''), [])).toBe(false);
  });
});
