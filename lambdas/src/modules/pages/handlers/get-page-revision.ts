import { DynamoPageStore } from '../adapters/page-store';
import { getPageRevision } from '../domain/read';
import { defineHandler } from '../../../platform/http';
import { withStaffName } from '../../accounts/adapters/staff-names';

const pages = new DynamoPageStore();

export const handler = defineHandler('getPageRevision', async (req) => ({
  body: {
    data: await withStaffName(
      await getPageRevision(pages, req.query.path, req.query.revision),
      'saved_by',
    ),
  },
}));
