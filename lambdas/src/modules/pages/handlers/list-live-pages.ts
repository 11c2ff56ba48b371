import { DynamoPageStore } from '../adapters/page-store';
import { listLivePages } from '../domain/read';
import { defineHandler } from '../../../platform/http';

const pages = new DynamoPageStore();

/** GET /api/pages: what the sitemap lists; cached at the edge as the answer's Cache-Control says. */
export const handler = defineHandler('listLivePages', async () => ({
  body: { data: await listLivePages(pages) },
  headers: { 'cache-control': 'public, max-age=60' },
}));
