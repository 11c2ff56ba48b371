import { DynamoPageStore } from '../../adapters/page-store';
import { listPageRevisions } from '../../domain/pages/read';
import { defineHandler } from '../../lib/http';
import { withStaffNames } from '../../adapters/staff-names';

const pages = new DynamoPageStore();

export const handler = defineHandler('listPageRevisions', async (req) => ({
  body: { data: await withStaffNames(await listPageRevisions(pages, req.query.path), 'saved_by') },
}));
