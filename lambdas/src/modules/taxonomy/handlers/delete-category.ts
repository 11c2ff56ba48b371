import { taxonomyDeps } from '../deps';
import { deleteTaxon } from '../domain/taxonomy';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('deleteCategory', async (req) => ({
  body: {
    message: 'Category deleted.',
    data: await deleteTaxon(taxonomyDeps(req.log), 'category', req.body.id),
  },
}));
