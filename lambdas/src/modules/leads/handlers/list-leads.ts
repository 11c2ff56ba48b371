import { defineHandler } from '../../../platform/http';
import { listLeadsPage } from '../domain/inbox';
import { leadRepository } from '../adapters/lead-repository';
import { DynamoStatsStore } from '../../dashboard/adapters/stats-store';

const stats = new DynamoStatsStore();

/**
 * GET /api/user/lead/list?page=N&status&subject&source&from&to&q (admin): the inbox, newest first,
 * with every status's count (spam included) from the aggregates.
 */
export const handler = defineHandler('listLeads', async (req) => ({
  body: await listLeadsPage(leadRepository(), stats, req.query),
}));
