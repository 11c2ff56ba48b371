import { taxonomyDeps } from '../../adapters/taxonomy-deps';
import { createTaxon } from '../../domain/taxonomy';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('createAuthor', async (req) => ({
  body: { data: await createTaxon(taxonomyDeps(req.log), 'author', req.body.name) },
}));
