import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_LOGOS } from './client-logos';

const dir = join(__dirname, '..', '..', 'assets', 'services', 'clients');
const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));

describe('client logos', () => {
  it('has a file for each of the twelve logos', () => {
    expect(CLIENT_LOGOS).toHaveLength(12);
    expect(files).toHaveLength(12);
  });

  it('sets every text at 15 units or more: at 375 px a logo draws at 0.85 of its size, so 12 px or more', () => {
    for (const file of files) {
      const svg = readFileSync(join(dir, file), 'utf8');
      const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
      expect(sizes.length, file).toBeGreaterThan(0);
      expect(Math.min(...sizes), file).toBeGreaterThanOrEqual(15);
    }
  });
});
