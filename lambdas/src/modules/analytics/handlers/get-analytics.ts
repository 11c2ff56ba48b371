import { dynamoClient } from '../../../platform/aws/clients';
import { tableName } from '../../../platform/env';
import { defineHandler } from '../../../platform/http';
import { leadFactsReader } from '../../leads/adapters/lead-facts-reader';
import { DynamoRollupReader } from '../adapters/rollup-store';
import { analyticsReport } from '../domain/report';

/**
 * GET /api/user/analytics (staff): the dashboard over a range of days and at most one filter,
 * from the roll-ups (a Query per day) and the leads' visit facts.
 */
export const handler = defineHandler('getAnalytics', async (req) => ({
  body: {
    data: await analyticsReport(
      {
        rollups: new DynamoRollupReader(dynamoClient(), tableName('analytics')),
        leads: leadFactsReader(),
      },
      req.query,
      new Date(),
    ),
  },
}));
