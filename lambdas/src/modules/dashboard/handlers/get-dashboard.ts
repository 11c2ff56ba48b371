import { mayUse } from '@agency/shared';
import { DynamoPostStore } from '../../posts/adapters/post-store';
import { DynamoStatsStore } from '../adapters/stats-store';
import { getDashboard } from '../domain/dashboard';
import { defineHandler } from '../../../platform/http';

const deps = { stats: new DynamoStatsStore(), posts: new DynamoPostStore() };

/**
 * GET /api/user/dashboard (staff): the dashboard's figures, from the aggregates only. The lead
 * figures only for those who may list leads; an editor gets the views part.
 */
export const handler = defineHandler('getDashboard', async (req) => ({
  body: {
    data: await getDashboard(deps, new Date(), {
      leadFigures: mayUse(req.admin.groups, 'listLeads'),
    }),
  },
}));
