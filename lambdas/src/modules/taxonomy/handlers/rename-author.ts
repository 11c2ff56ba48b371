import { taxonomyDeps } from '../deps';
import { renameTaxon } from '../domain/taxonomy';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('renameAuthor', async (req) => ({
  body: { data: await renameTaxon(taxonomyDeps(req.log), 'author', req.body.id, req.body.name) },
}));
