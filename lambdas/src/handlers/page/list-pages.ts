import { DynamoPageStore } from '../../adapters/page-store';
import { listPages } from '../../domain/pages/read';
import { defineHandler } from '../../lib/http';

const pages = new DynamoPageStore();

export const handler = defineHandler('listPages', async () => ({
  body: { data: await listPages(pages) },
}));
