import { DynamoTaxonomyStore } from '../adapters/taxonomy-store';
import { defineHandler } from '../../../platform/http';

const taxonomy = new DynamoTaxonomyStore();

export const handler = defineHandler('listAuthors', async () => ({
  body: { data: await taxonomy.authors() },
}));
