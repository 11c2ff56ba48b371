import { readFile } from 'node:fs/promises';
import { ENV_NAMES } from '@agency/shared';
import { DynamoPageStore } from '../adapters/page-store';
import { seedPages } from '../domain/pages/seed';
import { logger } from '../lib/logger';

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

/** Lambda entry point of the deploy-time job. */
export const handler = async (): Promise<{ pages: number; settings: boolean }> => {
  const result = await runSeedPages();
  logger.info('marketing pages seeded', { job: 'seed-pages', ...result });
  return result;
};
