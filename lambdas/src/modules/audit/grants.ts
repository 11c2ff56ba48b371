/** The AWS permissions of the audit module's functions (shapes: platform/grants.ts). */
import { type OperationGrants } from '../../platform/grants';

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'audit'> = {
  // The audit trail, read only: the table and its byActor and byAction indexes.
  listAudit: { tables: { audit: { access: ['read'] } } },
};
