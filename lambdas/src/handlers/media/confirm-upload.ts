import { mediaDeps } from '../../adapters/media-deps';
import { confirmUpload } from '../../domain/media';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('confirmUpload', async (req) => ({
  body: { data: await confirmUpload(mediaDeps(), { id: req.body.id, actor: req.admin.username }) },
}));
