import { DynamoPageStore } from '../../adapters/page-store';
import { listPageRevisions } from '../../domain/pages/read';
import { defineHandler } from '../../lib/http';

const pages = new DynamoPageStore();

export const handler = defineHandler('listPageRevisions', async (req) => ({
  body: { data: await listPageRevisions(pages, req.query.path) },
}));
