import { mediaDeps } from '../deps';
import { confirmUpload } from '../domain/media';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('confirmUpload', async (req) => ({
  body: { data: await confirmUpload(mediaDeps(), { id: req.body.id, actor: req.admin.username }) },
}));
