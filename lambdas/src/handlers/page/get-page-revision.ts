import { DynamoPageStore } from '../../adapters/page-store';
import { getPageRevision } from '../../domain/pages/read';
import { defineHandler } from '../../lib/http';

const pages = new DynamoPageStore();

export const handler = defineHandler('getPageRevision', async (req) => ({
  body: { data: await getPageRevision(pages, req.query.path, req.query.revision) },
}));
