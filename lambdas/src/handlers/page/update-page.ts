import { DynamoPageStore } from '../../adapters/page-store';
import { updatePage } from '../../domain/pages/save';
import { defineHandler } from '../../lib/http';
import { withStaffName } from '../../adapters/staff-names';

const pages = new DynamoPageStore();

export const handler = defineHandler('updatePage', async (req) => {
  const data = await withStaffName(
    await updatePage({ pages, log: req.log }, req.body, req.admin),
    'updated_by',
  );
  return { body: { message: 'Draft saved.', data }, audit: { event: 'saved', label: data.title } };
});
