/** The AWS permissions of the presence module's functions (shapes: platform/grants.ts). */
import { KEY_PREFIXES, type OperationGrants } from '../../platform/grants';

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'presence'> = {
  // Who has an editor open: the caller's mark put, the subject's marks queried; the goodbye deletes it.
  heartbeatPresence: {
    tables: { content: { access: ['read', 'put'], keyPrefixes: [KEY_PREFIXES.presence] } },
  },
  leavePresence: {
    tables: { content: { access: ['delete'], keyPrefixes: [KEY_PREFIXES.presence] } },
  },
};
