import { readFile } from 'node:fs/promises';
import { ENV_NAMES } from '@agency/shared';
import { pageDeps } from '../deps';
import { DynamoPageStore } from '../adapters/page-store';
import { renderEverything } from '../domain/live';
import type { PageDeps } from '../domain/ports';
import { seedPages } from '../domain/seed';
import { logger } from '../../../platform/logger';

/** Where the seed is: SEED_PAGES_FILE, else `seed-pages.json` beside this module (the bundle ships it there). */
const seedFile = (): string | URL =>
  process.env[ENV_NAMES.seedPagesFile] ?? new URL('./seed-pages.json', import.meta.url);

/**
 * Store the web build's marketing pages and site settings where the content table has none (a new
 * stage, or the first deploy of pages as data); a table with pages is left alone.
 */
export async function runSeedPages(
  file: string | URL = seedFile(),
): Promise<{ pages: number; settings: boolean }> {
  const seed: unknown = JSON.parse(await readFile(file, 'utf8'));
  const store = new DynamoPageStore();
  return seedPages({ pages: store, settings: store }, seed);
}

/**
 * The deploy's part: the seed stored (as `runSeedPages`), then every live page and the fixed pages
 * rendered with this deploy's build into the site bucket (the bucket deployment leaves them to this
 * job), the settings marked rendered, and the distribution invalidated.
 */
export async function seedAndRenderPages(
  deps: PageDeps,
  file: string | URL = seedFile(),
): Promise<{ pages: number; settings: boolean; rendered: number }> {
  const seed: unknown = JSON.parse(await readFile(file, 'utf8'));
  const seeded = await seedPages(deps, seed);
  return { ...seeded, rendered: await renderLivePages(deps) };
}

/**
 * Every live page and the fixed pages rendered with this build and the stored settings, the
 * settings marked rendered: what a new build needs of pages published before it (their scripts'
 * names change with each build).
 */
export async function renderLivePages(deps: PageDeps): Promise<number> {
  const stored = await deps.settings.getSettings();
  if (!stored) throw new Error('no site settings are stored: seed them first');
  const rendered = await renderEverything(deps, stored);
  await deps.settings.markSettingsRendered(stored.version);
  return rendered;
}

/** Lambda entry point of the deploy-time job (a CDK Trigger, after the new build is uploaded). */
export const handler = async (): Promise<{
  pages: number;
  settings: boolean;
  rendered: number;
}> => {
  const log = logger.child({ job: 'seed-pages' });
  const result = await seedAndRenderPages(pageDeps(log));
  log.info('marketing pages seeded and rendered', result);
  return result;
};
