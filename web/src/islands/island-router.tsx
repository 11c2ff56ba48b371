import type { ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router';

const href = (to: To): string => (typeof to === 'string' ? to : createPath(to));

/** Every navigation an island asks for is a page load: public pages are documents, not routes. */
const pageLoads: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};

/**
 * The router an island's links and `useNavigate` need (islands/registry.ts `router`): it reports the
 * page's address and turns each navigation into a page load. `at` is the address on the server.
 */
export function IslandRouter({ at, children }: { at?: string; children: ReactNode }) {
  const location = at ?? `${window.location.pathname}${window.location.search}`;
  return (
    <Router location={location} navigator={pageLoads}>
      {children}
    </Router>
  );
}
