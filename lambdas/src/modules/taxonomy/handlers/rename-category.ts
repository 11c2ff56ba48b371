import { taxonomyDeps } from '../deps';
import { renameTaxon } from '../domain/taxonomy';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('renameCategory', async (req) => {
  const deps = taxonomyDeps(req.log);
  const { id, name } = await renameTaxon(deps, 'category', req.body.id, req.body.category);
  return { body: { data: { id, category: name } } };
});
