import { DynamoMediaRepository } from '../../media/adapters/media-repository';
import { DynamoPageStore } from '../adapters/page-store';
import { restorePageRevision } from '../domain/save';
import { defineHandler } from '../../../platform/http';
import { withStaffName } from '../../accounts/adapters/staff-names';

const pages = new DynamoPageStore();
const media = new DynamoMediaRepository();

export const handler = defineHandler('restorePageRevision', async (req) => {
  const data = await withStaffName(
    await restorePageRevision({ pages, media, log: req.log }, req.body, req.admin),
    'updated_by',
  );
  return {
    body: { message: `Version ${req.body.revision} restored as the draft.`, data },
    audit: { event: 'restored', label: `${data.title} (version ${req.body.revision})` },
  };
});
