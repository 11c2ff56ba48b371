import { DynamoPageStore } from '../../adapters/page-store';
import { getSiteSettings } from '../../domain/pages/settings';
import { defineHandler } from '../../lib/http';

const settings = new DynamoPageStore();

export const handler = defineHandler('getSiteSettings', async () => ({
  body: { data: await getSiteSettings({ settings }) },
}));
