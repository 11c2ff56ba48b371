import { taxonomyDeps } from '../../adapters/taxonomy-deps';
import { createTaxon } from '../../domain/taxonomy';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('createCategory', async (req) => {
  const { id, name } = await createTaxon(taxonomyDeps(req.log), 'category', req.body.category);
  return { body: { data: { id, category: name } } };
});
