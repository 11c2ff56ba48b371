import { describe, expect, it } from 'vitest';
import { pageEntries } from '../config/pages';
import { globbedPage, pageModules } from './page-modules';

describe('the map of page modules', () => {
  it('has a module for every page of the registry, and no other', () => {
    expect(Object.keys(pageModules).sort()).toEqual(pageEntries.map(([page]) => page).sort());
  });

  it('loads each page from the module its entry names (the manifest key the server preloads)', async () => {
    for (const [page, module] of Object.entries(pageModules)) {
      expect([page, module.source]).toEqual([
        page,
        expect.stringMatching(/^src\/features\/.+\.tsx$/),
      ]);
      const named: unknown = await import(/* @vite-ignore */ `../../${String(module.source)}`);
      expect([page, (await module.load()).default]).toEqual([
        page,
        typeof named === 'object' && named !== null && 'default' in named ? named.default : null,
      ]);
    }
  });

  it('fails as the map loads when a glob matches no module, or more than one', () => {
    expect(() => globbedPage(import.meta.glob('/src/features/blog/no-such-page.tsx'))).toThrow(
      'must match one file, not 0',
    );
    expect(() => globbedPage(import.meta.glob('/src/features/blog/*-page.tsx'))).toThrow(
      'must match one file, not 2',
    );
  });

  it('fails when a page module has no component for its default export', async () => {
    const noPage = globbedPage({ '/src/x.tsx': () => Promise.resolve({ default: 'text' }) });
    expect(noPage.source).toBe('src/x.tsx');
    await expect(noPage.load()).rejects.toThrow('src/x.tsx has no default export of a component');
  });
});
