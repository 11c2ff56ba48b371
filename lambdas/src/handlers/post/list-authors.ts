import { taxonomy } from '../../adapters/deps';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('listAuthors', async () => ({ body: { data: await taxonomy.authors() } }));
