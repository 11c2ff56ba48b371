import { DynamoPageStore } from '../../adapters/page-store';
import { listPages } from '../../domain/pages/read';
import { defineHandler } from '../../lib/http';
import { withStaffNames } from '../../adapters/staff-names';

const pages = new DynamoPageStore();

export const handler = defineHandler('listPages', async (req) => ({
  body: { data: await withStaffNames(await listPages(pages, req.query), 'updated_by') },
}));
