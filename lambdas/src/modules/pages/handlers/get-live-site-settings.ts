import { DynamoPageStore } from '../adapters/page-store';
import { getLiveSiteSettings } from '../domain/settings';
import { defineHandler } from '../../../platform/http';

const settings = new DynamoPageStore();

/** GET /api/site-settings: the published settings, which the render function draws blog pages with. */
export const handler = defineHandler('getLiveSiteSettings', async () => ({
  body: { data: await getLiveSiteSettings({ settings }) },
  headers: { 'cache-control': 'public, max-age=60' },
}));
