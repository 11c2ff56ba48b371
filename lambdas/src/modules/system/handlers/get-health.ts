import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('getHealth', async () => ({ body: { ok: true as const } }));
