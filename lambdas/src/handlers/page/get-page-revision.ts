import { DynamoPageStore } from '../../adapters/page-store';
import { getPageRevision } from '../../domain/pages/read';
import { defineHandler } from '../../lib/http';
import { withStaffName } from '../../adapters/staff-names';

const pages = new DynamoPageStore();

export const handler = defineHandler('getPageRevision', async (req) => ({
  body: {
    data: await withStaffName(
      await getPageRevision(pages, req.query.path, req.query.revision),
      'saved_by',
    ),
  },
}));
