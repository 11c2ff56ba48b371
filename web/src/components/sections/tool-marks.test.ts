import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_PAGES } from '../../content/pages';
import { toolMark, toolSlug } from './tool-marks';

const dir = join(__dirname, '..', '..', 'assets', 'tools');

/** Every tool a service landing page lists ("Wordpress" and "WordPress" are one tool). */
const tools = [
  ...new Set(
    SEED_PAGES.filter((page) => page.breadcrumb.some((c) => c.path === '/services')).flatMap(
      (page) => page.blocks.flatMap((b) => (b.type === 'techList' ? b.items : [])),
    ),
  ),
];

describe('tool marks', () => {
  it('gives every tool named in the content a mark of its own', () => {
    expect(tools).toContain('Google Ads');
    expect(tools).toContain('Google Analytics');
    for (const name of tools) expect(toolMark(name), name).toBeDefined();
    expect(toolMark('Google Ads')).not.toBe(toolMark('Google Analytics'));
    expect(toolMark('WordPress')).not.toBe(toolMark('WordPress WooCommerce'));
    expect(toolMark('Wordpress')).toBe(toolMark('WordPress'));
  });

  it('names files by slug, one per tool in use, no two alike even in shape alone', () => {
    expect(toolSlug('Python (Django)')).toBe('python-django');
    const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    expect(files.map((f) => f.replace(/\.svg$/, '')).sort()).toEqual(
      [...new Set(tools.map(toolSlug))].sort(),
    );
    const svgs = files.map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(new Set(svgs).size).toBe(svgs.length);
    // Recoloured copies of one glyph would still look alike: compare the drawings without colours.
    const shapes = svgs.map((svg) => svg.replace(/(fill|stroke)="#[0-9a-f]{3,6}"/gi, ''));
    expect(new Set(shapes).size).toBe(shapes.length);
    for (const [i, svg] of svgs.entries()) expect(svg.length, files[i]).toBeLessThan(1024);
  });
});
