import { defineHandler } from '../../lib/http';
import { listLeadsPage } from '../../domain/leads-inbox';
import { leadRepository } from '../../adapters/lead-repository';

/** GET /api/user/lead/list?page=N&status&subject&source&from&to&q (admin): the inbox, newest first. */
export const handler = defineHandler('listLeads', async (req) => ({
  body: await listLeadsPage(leadRepository(), req.query),
}));
