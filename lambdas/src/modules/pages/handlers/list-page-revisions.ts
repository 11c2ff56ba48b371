import { DynamoPageStore } from '../adapters/page-store';
import { listPageRevisions } from '../domain/read';
import { defineHandler } from '../../../platform/http';
import { withStaffNames } from '../../accounts/adapters/staff-names';

const pages = new DynamoPageStore();

export const handler = defineHandler('listPageRevisions', async (req) => ({
  body: { data: await withStaffNames(await listPageRevisions(pages, req.query.path), 'saved_by') },
}));
