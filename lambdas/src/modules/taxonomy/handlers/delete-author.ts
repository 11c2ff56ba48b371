import { taxonomyDeps } from '../deps';
import { deleteTaxon } from '../domain/taxonomy';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('deleteAuthor', async (req) => ({
  body: {
    message: 'Author deleted.',
    data: await deleteTaxon(taxonomyDeps(req.log), 'author', req.body.id),
  },
}));
