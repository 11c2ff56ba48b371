import type { PageRedirects } from '../pages/domain/ports';
import type { PostRedirects } from '../posts/domain/ports';
import {
  checkRedirect,
  dropLiveRedirect,
  dropRedirectAt,
  redirectRetiredPage,
  redirectSlugChange,
  type RedirectDeps,
} from './domain/redirects';
import { DomainError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { KeyValueEdgeStore } from './adapters/edge-store';
import { liveAddresses } from './adapters/live-addresses';
import { DynamoRedirectStore } from './adapters/redirect-store';

// Created once per cold start; each reads its clients, table and store at call time.
const store = new DynamoRedirectStore();
const edge = new KeyValueEdgeStore();

/** The AWS implementations of the redirect domain's ports. */
export const redirectDeps = (): RedirectDeps => ({ store, edge, addresses: liveAddresses });

/** What post writes do to redirects: a renamed published post’s old address, a live one’s own. */
export const postRedirects: PostRedirects = {
  async renamed(oldSlug, newSlug) {
    await redirectSlugChange(redirectDeps(), oldSlug, newSlug);
  },
  async live(slug) {
    await dropLiveRedirect(redirectDeps(), slug);
  },
};

/** What page writes do to redirects: a retired page's address redirected, a live page's own dropped. */
export const pageRedirects: PageRedirects = {
  async isSource(path) {
    return (await store.get(path)) !== null;
  },
  check(from, to) {
    return checkRedirect(redirectDeps(), from, to);
  },
  async retire(from, to) {
    try {
      await redirectRetiredPage(redirectDeps(), from, to);
    } catch (error) {
      // Checked before the retirement was saved; a redirect written since may have made it a loop
      // (or filled the store). Thrown, every run of the repair would fail on it: the page is
      // retired without its redirect (404 there), and the log says so.
      const broken = error instanceof DomainError && error.code !== 'stale';
      if (!broken || (error.kind !== 'conflict' && error.kind !== 'invalid')) throw error;
      logger.warn('a retired page keeps no redirect: it breaks a rule of redirects now', {
        path: from,
        redirect_to: to,
        reason: error.message,
      });
    }
  },
  async drop(path) {
    await dropRedirectAt(redirectDeps(), path);
  },
};
