import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISLANDS } from './registry';
import { registryEntries } from './registry-source';

const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'registry.ts'), 'utf8');

describe('the registry read as text (the build and the budget test)', () => {
  const entries = registryEntries(source);

  it('finds every island, with the wake and router the registry gives it', () => {
    expect([...entries.keys()].sort()).toEqual(Object.keys(ISLANDS).sort());
    for (const [name, spec] of Object.entries(ISLANDS)) {
      expect(entries.get(name)?.when, name).toBe(spec.when);
      expect(entries.get(name)?.router, name).toBe('router' in spec);
    }
  });

  it("names each island's module as a path under web/", () => {
    expect(entries.get('enquiry-form')?.module).toBe('src/features/enquiry/enquiry-form');
    expect(entries.get('benefit-tabs')?.module).toBe('src/components/sections/benefit-tabs');
  });
});
