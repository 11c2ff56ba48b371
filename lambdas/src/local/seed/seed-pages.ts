import { existsSync } from 'node:fs';
import path from 'node:path';

/** The web build's seed of marketing pages and site settings (`@agency/web/seed-pages.json`). */
export const seedPagesFile = (repoRoot: string): string =>
  path.join(repoRoot, 'web', 'dist-server', 'seed-pages.json');

/**
 * Seed the pages and settings from the web build where the table has none, as the deploy's
 * `seed-pages` job does; nothing while the web build has written no seed.
 */
export async function seedLocalPages(
  repoRoot: string,
): Promise<{ pages: number; settings: boolean }> {
  const file = seedPagesFile(repoRoot);
  if (!existsSync(file)) return { pages: 0, settings: false };
  const { runSeedPages } = await import('../../modules/pages/jobs/seed-pages');
  return runSeedPages(file);
}
