import { DynamoPageStore } from '../../adapters/page-store';
import { getSiteSettings } from '../../domain/pages/settings';
import { defineHandler } from '../../lib/http';
import { withStaffName } from '../../adapters/staff-names';

const settings = new DynamoPageStore();

export const handler = defineHandler('getSiteSettings', async () => ({
  body: { data: await withStaffName(await getSiteSettings({ settings }), 'updated_by') },
}));
