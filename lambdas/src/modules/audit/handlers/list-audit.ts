import { DynamoAuditReader } from '../../../platform/staff/audit-log';
import { listAuditPage } from '../domain/audit-trail';
import { defineHandler } from '../../../platform/http';

const reader = new DynamoAuditReader();

/** GET /api/user/audit?page=N&actor&action&outcome (admins): the audit trail, newest first. */
export const handler = defineHandler('listAudit', async (req) => ({
  body: await listAuditPage(reader, req.query, new Date()),
}));
