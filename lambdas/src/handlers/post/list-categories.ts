import { taxonomy } from '../../adapters/deps';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('listCategories', async () => ({ body: { data: await taxonomy.categories() } }));
