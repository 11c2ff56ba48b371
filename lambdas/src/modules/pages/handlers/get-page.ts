import { DynamoPageStore } from '../adapters/page-store';
import { getPage } from '../domain/read';
import { defineHandler } from '../../../platform/http';
import { withStaffName } from '../../accounts/adapters/staff-names';

const pages = new DynamoPageStore();

export const handler = defineHandler('getPage', async (req) => ({
  body: { data: await withStaffName(await getPage(pages, req.query.path), 'updated_by') },
}));
