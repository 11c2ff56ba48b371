/**
 * The islands registry (registry.ts) read as text, for the build and the budget test, which must
 * know each island's module without loading it: the module its `load` imports, whether it needs
 * the router and when it wakes. Each entry has the shape registry.ts gives every one:
 * `name: { load: () => import('../x')…, when: '…', router: true }`.
 */
export interface RegistryEntry {
  /** The island's module, as a path under web/ without its extension (`src/features/home/x`). */
  module: string;
  router: boolean;
  when: string;
}

const ENTRY =
  /['"]?([\w-]+)['"]?:\s*\{\s*load:\s*\(\)\s*=>\s*import\(['"]([^'"]+)['"]\)[^}]*?when:\s*['"]([^'"]+)['"][^}]*\}/g;

/** Each island of the registry's source text, by name. */
export function registryEntries(source: string): Map<string, RegistryEntry> {
  const entries = new Map<string, RegistryEntry>();
  for (const [block, name = '', specifier = '', when = ''] of source.matchAll(ENTRY)) {
    const module = ['src', 'islands', ...specifier.split('/')].reduce<string[]>((parts, part) => {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
      return parts;
    }, []);
    entries.set(name, { module: module.join('/'), router: /router:\s*true/.test(block), when });
  }
  return entries;
}
