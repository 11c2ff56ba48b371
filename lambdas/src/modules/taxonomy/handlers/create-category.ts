import { taxonomyDeps } from '../deps';
import { createTaxon } from '../domain/taxonomy';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('createCategory', async (req) => {
  const { id, name } = await createTaxon(taxonomyDeps(req.log), 'category', req.body.category);
  return { body: { data: { id, category: name } } };
});
