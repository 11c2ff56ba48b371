import { defineHandler } from '../../lib/http';

export const handler = defineHandler('getHealth', async () => ({ body: { ok: true as const } }));
