/** The AWS permissions of the not-found module's functions (shapes: platform/grants.ts). */
import {
  KEY_PREFIXES,
  contentRead,
  type FunctionGrants,
  type OperationGrants,
} from '../../platform/grants';

/**
 * The 404 log's job, run by the access-log bucket for each CloudFront log file it receives: reads
 * that file (ACCESS_LOG_READ), asks whether each 404 path is redirected (GetItem of redirects), and
 * writes the path's entry and the file's mark beside it (one transaction of a conditional PutItem
 * and an UpdateItem, both under NOTFOUND#; the entry read back by key for its order in the log).
 */
export const NOT_FOUND_LOG_GRANTS: FunctionGrants = {
  tables: {
    content: [
      { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.notFound] },
      { access: ['get'], keyPrefixes: [KEY_PREFIXES.redirect] },
    ],
  },
};

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'not-found'> = {
  // The log through the byDate index (gsi1pk NOTFOUND, most hit first), redirected paths left out.
  listNotFound: { tables: { content: contentRead } },
  dismissNotFound: {
    tables: { content: { access: ['delete'], keyPrefixes: [KEY_PREFIXES.notFound] } },
  },
  // Reads the log as listNotFound does, and deletes its entries as dismissNotFound does.
  dismissAllNotFound: {
    tables: {
      content: [contentRead, { access: ['delete'], keyPrefixes: [KEY_PREFIXES.notFound] }],
    },
  },
};
