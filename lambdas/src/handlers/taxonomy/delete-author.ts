import { taxonomyDeps } from '../../adapters/taxonomy-deps';
import { deleteTaxon } from '../../domain/taxonomy';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('deleteAuthor', async (req) => ({
  body: {
    message: 'Author deleted.',
    data: await deleteTaxon(taxonomyDeps(req.log), 'author', req.body.id),
  },
}));
