/**
 * The server's half of islands: a page is rendered with an island collector, which each `island()`
 * part tells its name, props (as JSON gives them back) and the page's data; each island is then
 * rendered as a root of its own, with the tree and id prefix its hydration uses
 * (islands/hydrate.tsx), and put in its wrapper. So `useId` and every other part of an island's
 * HTML is exactly what the browser renders when it wakes it.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { loadedIsland } from '../lib/deferred';
import { IslandRoot, islandIdPrefix, islandMark, type IslandCollector } from './island-root';
import { IslandRouter } from './island-router';
import { ISLANDS, isIsland } from './registry';

type Collected = Parameters<IslandCollector['add']>[0];

/** Render a page (`renderPage` with the collector) and then each island it holds, at address `at`. */
export function renderWithIslands(
  renderPage: (collector: IslandCollector) => string,
  at: string,
): string {
  const islands: Collected[] = [];
  const collector: IslandCollector = {
    add(island) {
      islands.push(island);
      return islands.length - 1;
    },
  };
  let html = renderPage(collector);
  islands.forEach(({ name, props, context }, index) => {
    const Component = loadedIsland(name) as ComponentType<Record<string, unknown>> | undefined;
    if (!isIsland(name) || !Component)
      throw new Error(`The island ${name} was rendered before its code was loaded (preparePage)`);
    const inner = renderToString(
      <IslandRoot
        context={context}
        Component={Component}
        props={props as Record<string, unknown>}
        Router={'router' in ISLANDS[name] ? IslandRouter : null}
        routerAt={at}
      />,
      { identifierPrefix: islandIdPrefix(index) },
    );
    html = html.replace(islandMark(index), () => inner);
  });
  return html;
}
