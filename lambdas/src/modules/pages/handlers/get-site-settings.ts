import { DynamoPageStore } from '../adapters/page-store';
import { getSiteSettings } from '../domain/settings';
import { defineHandler } from '../../../platform/http';
import { withStaffName } from '../../accounts/adapters/staff-names';

const settings = new DynamoPageStore();

export const handler = defineHandler('getSiteSettings', async () => ({
  body: { data: await withStaffName(await getSiteSettings({ settings }), 'updated_by') },
}));
