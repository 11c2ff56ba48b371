/** The AWS permissions of the analytics module's functions (shapes: platform/grants.ts). */
import {
  TABLE_KEY_PREFIXES,
  type FunctionGrants,
  type OperationGrants,
} from '../../platform/grants';

const VISITORS = TABLE_KEY_PREFIXES.visitors;

/**
 * Hashing a visitor of the day: the day's salt read, and put by the first caller of the day
 * (conditional); SITE_URL, the hash's site part.
 */
export const dailyVisitor: FunctionGrants = {
  tables: { visitors: { access: ['get', 'put'], keyPrefixes: [VISITORS.salt] } },
  siteUrl: true,
};

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'analytics'> = {
  // The day's salt (read, made once), and the hit put in its minute's shard; nothing else.
  collect: {
    siteUrl: true,
    tables: {
      visitors: [
        { access: ['get', 'put'], keyPrefixes: [VISITORS.salt] },
        { access: ['put'], keyPrefixes: [VISITORS.hit] },
      ],
    },
  },
};
