import { DynamoPostStore } from '../../adapters/post-store';
import { DynamoStatsStore } from '../../adapters/stats-store';
import { getDashboard } from '../../domain/dashboard';
import { defineHandler } from '../../lib/http';

const deps = { stats: new DynamoStatsStore(), posts: new DynamoPostStore() };

/** GET /api/user/dashboard (admin): the dashboard's figures, from the aggregates only. */
export const handler = defineHandler('getDashboard', async () => ({
  body: { data: await getDashboard(deps, new Date()) },
}));
