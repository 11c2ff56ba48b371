import { defineHandler } from '../../../platform/http';
import { exportLeadsCsv } from '../domain/inbox';
import { leadRepository } from '../adapters/lead-repository';

/** GET /api/user/lead/export (admin): every lead, or the inbox's filtered leads, as a CSV download. */
export const handler = defineHandler('exportLeads', async (req) => {
  const { csv, fileName } = await exportLeadsCsv(leadRepository(), req.query);
  return { body: csv, headers: { 'content-disposition': `attachment; filename="${fileName}"` } };
});
