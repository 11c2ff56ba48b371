import { mediaDeps } from '../deps';
import { updateMediaAlt } from '../domain/media';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('updateMedia', async (req) => ({
  body: {
    message: 'Description saved.',
    data: await updateMediaAlt(mediaDeps(), { id: req.body.id, alt: req.body.alt }),
  },
}));
