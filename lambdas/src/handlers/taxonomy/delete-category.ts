import { taxonomyDeps } from '../../adapters/taxonomy-deps';
import { deleteTaxon } from '../../domain/taxonomy';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('deleteCategory', async (req) => ({
  body: {
    message: 'Category deleted.',
    data: await deleteTaxon(taxonomyDeps(req.log), 'category', req.body.id),
  },
}));
