import { DynamoPageStore } from '../adapters/page-store';
import { listPages } from '../domain/read';
import { defineHandler } from '../../../platform/http';
import { withStaffNames } from '../../accounts/adapters/staff-names';

const pages = new DynamoPageStore();

export const handler = defineHandler('listPages', async (req) => ({
  body: { data: await withStaffNames(await listPages(pages, req.query), 'updated_by') },
}));
