import { taxonomyDeps } from '../deps';
import { createTaxon } from '../domain/taxonomy';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('createAuthor', async (req) => ({
  body: { data: await createTaxon(taxonomyDeps(req.log), 'author', req.body.name) },
}));
