import { DynamoPageStore } from '../../adapters/page-store';
import { getPage } from '../../domain/pages/read';
import { defineHandler } from '../../lib/http';
import { withStaffName } from '../../adapters/staff-names';

const pages = new DynamoPageStore();

export const handler = defineHandler('getPage', async (req) => ({
  body: { data: await withStaffName(await getPage(pages, req.query.path), 'updated_by') },
}));
