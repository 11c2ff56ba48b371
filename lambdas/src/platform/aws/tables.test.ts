import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KEY_PREFIXES } from './tables';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Sort-key and index-key prefixes: not partition keys, so no grant names them. */
const NOT_PARTITION_KEYS = [
  'REV#',
  'EVENT#',
  'SESSION#',
  'SOURCE#',
  'SUBJECT#',
  'LANDING#',
  'STATUS#',
];

const sources = (): { file: string; code: string }[] =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .filter((f) => path.join(SRC, f) !== path.join(SRC, 'platform', 'aws', 'tables.ts'))
    .map((f) => ({
      file: f,
      // Comments describe key layouts in words; only code counts.
      code: readFileSync(path.join(SRC, f), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, ''),
    }));

describe('KEY_PREFIXES (@agency/lambdas/tables)', () => {
  it('is where every partition-key prefix is written: the code builds keys from it', () => {
    const literalPrefix = /['`"]([A-Z][A-Z_]*#)/g;
    const literalPartition = /(?:\bpk|partitionKey\]|':pk')\s*:\s*['`"]([A-Z][A-Z_]*)/g;
    const found = sources().flatMap(({ file, code }) => [
      ...[...code.matchAll(literalPrefix)]
        .map((m) => m[1] ?? '')
        .filter((prefix) => !NOT_PARTITION_KEYS.includes(prefix))
        .map((prefix) => `${file}: ${prefix}`),
      ...[...code.matchAll(literalPartition)].map((m) => `${file}: ${m[1] ?? ''}`),
    ]);
    expect(found).toEqual([]);
  });

  it('gives each table distinct prefixes, none the start of another (a grant would cover both)', () => {
    for (const prefixes of Object.values(KEY_PREFIXES)) {
      const values: string[] = Object.values(prefixes);
      for (const a of values)
        for (const b of values) if (a !== b) expect(b.startsWith(a), `${a} / ${b}`).toBe(false);
    }
  });
});
