import { describe, expect, it } from 'vitest';
import { KEY_PREFIXES } from '@agency/lambdas/tables';
import * as grants from '../lib/grants';

/** Every table grant in the grant tables, with where it was found. */
function tableGrants(value: unknown, where: string, out: [string, string, unknown][] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => tableGrants(v, `${where}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'tables' && inner && typeof inner === 'object')
        for (const [table, grant] of Object.entries(inner))
          for (const g of [grant].flat()) out.push([`${where}.tables.${table}`, table, g]);
      else tableGrants(inner, `${where}.${key}`, out);
    }
  }
  return out;
}

describe('grants and the lambdas key prefixes', () => {
  it('limit grants only to partition-key prefixes the lambdas build keys with', () => {
    const found = tableGrants(grants, 'grants');
    expect(found.length).toBeGreaterThan(20);
    const unknown = found.flatMap(([where, table, grant]) => {
      const known: readonly string[] = Object.values(
        (KEY_PREFIXES as Record<string, Record<string, string>>)[table] ?? {},
      );
      const prefixes =
        grant && typeof grant === 'object' && 'keyPrefixes' in grant
          ? (grant.keyPrefixes as string[])
          : [];
      return prefixes.filter((p) => !known.includes(p)).map((p) => `${where}: ${p}`);
    });
    expect(unknown).toEqual([]);
  });
});
