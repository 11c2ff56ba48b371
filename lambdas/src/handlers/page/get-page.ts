import { DynamoPageStore } from '../../adapters/page-store';
import { getPage } from '../../domain/pages/read';
import { defineHandler } from '../../lib/http';

const pages = new DynamoPageStore();

export const handler = defineHandler('getPage', async (req) => ({
  body: { data: await getPage(pages, req.query.path) },
}));
