import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { portfolioItems } from './portfolio';

const dir = join(__dirname, '..', 'assets', 'portfolio');

describe('portfolio art', () => {
  it('gives each project its own mock-up, one file for card and lightbox', () => {
    const srcs = portfolioItems.map((item) => item.large.src);
    expect(new Set(srcs).size).toBe(portfolioItems.length);
    for (const item of portfolioItems) expect(item.thumb.src).toBe(item.large.src);
  });

  it('keeps each drawing small and hand-clean: under 16 KB, no editor metadata or comments', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    expect(files).toHaveLength(portfolioItems.length);
    for (const file of files) {
      const svg = readFileSync(join(dir, file), 'utf8');
      expect(svg.length, file).toBeLessThan(16 * 1024);
      expect(svg, file).not.toMatch(/<metadata|<!--|inkscape|sodipodi|xmlns:xlink/);
      expect(svg, file).toMatch(/^<svg [^>]*width="1200" height="840" viewBox="0 0 1200 840"/);
    }
  });
});
