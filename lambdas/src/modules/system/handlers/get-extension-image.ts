import { extensionIcon } from '../domain/extension-icon';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('getExtensionImage', async (req) => ({
  body: extensionIcon(req.params.extension),
  headers: { 'cache-control': 'public, max-age=86400' },
}));
