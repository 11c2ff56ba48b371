/** The AWS permissions of the analytics module's functions (shapes: platform/grants.ts). */
import {
  TABLE_KEY_PREFIXES,
  type FunctionGrants,
  type OperationGrants,
} from '../../platform/grants';
import { leadsRead } from '../leads/grants';

const VISITORS = TABLE_KEY_PREFIXES.visitors;
const ROLLUPS = TABLE_KEY_PREFIXES.analytics;

/**
 * The roll-up job (every minute): reads a minute's raw hits, reads and writes each visitor's visit
 * and day, its own cursor and lease (conditional put, delete), and adds to the roll-ups and `now`
 * counts (conditional UpdateItem). No salt: it never needs to know who a hash was.
 */
export const ROLL_UP_JOB_GRANTS: FunctionGrants = {
  tables: {
    visitors: [
      { access: ['read'], keyPrefixes: [VISITORS.hit] },
      { access: ['read', 'put'], keyPrefixes: [VISITORS.visit, VISITORS.visitor] },
      { access: ['get', 'put', 'delete'], keyPrefixes: [VISITORS.cursor] },
    ],
    analytics: { access: ['update'], keyPrefixes: [ROLLUPS.day, ROLLUPS.now] },
  },
};

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
  // The roll-ups and `now` counts (read only), and the leads' facts by arrival (byDate).
  getAnalytics: {
    tables: {
      analytics: { access: ['read'], keyPrefixes: [ROLLUPS.day, ROLLUPS.now] },
      leads: leadsRead,
    },
  },
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
