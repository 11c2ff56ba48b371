import { describe, expect, it } from 'vitest';
import { pageEntries } from '../config/pages';
import { pageModules } from './page-modules';

describe('the map of page modules', () => {
  it('has a module for every page of the registry, and no other', () => {
    expect(Object.keys(pageModules).sort()).toEqual(pageEntries.map(([page]) => page).sort());
  });

  it('loads each page from the module its entry names (the manifest key the server preloads)', async () => {
    for (const [page, module] of Object.entries(pageModules)) {
      const named: unknown = await import(/* @vite-ignore */ `../../${module.source}`);
      expect([page, (await module.load()).default]).toEqual([
        page,
        typeof named === 'object' && named !== null && 'default' in named ? named.default : null,
      ]);
    }
  });
});
