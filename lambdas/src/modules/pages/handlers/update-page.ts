import { DynamoMediaRepository } from '../../media/adapters/media-repository';
import { DynamoPageStore } from '../adapters/page-store';
import { updatePage } from '../domain/save';
import { defineHandler } from '../../../platform/http';
import { withStaffName } from '../../accounts/adapters/staff-names';

const pages = new DynamoPageStore();
const media = new DynamoMediaRepository();

export const handler = defineHandler('updatePage', async (req) => {
  const data = await withStaffName(
    await updatePage({ pages, media, log: req.log }, req.body, req.admin),
    'updated_by',
  );
  return { body: { message: 'Draft saved.', data }, audit: { event: 'saved', label: data.title } };
});
