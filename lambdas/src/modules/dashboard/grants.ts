/** The AWS permissions of the dashboard module's functions (shapes: platform/grants.ts). */
import {
  KEY_PREFIXES,
  STATS_KEY_PREFIXES,
  type FunctionGrants,
  type OperationGrants,
} from '../../platform/grants';
import { leadStatsWrite, leadsRead } from '../leads/grants';

/**
 * The lead statistics backfill (run once per deploy that changes it): counts the leads stored
 * before the dashboard's aggregates existed, marking each lead it counted, and itself done.
 */
export const BACKFILL_LEAD_STATS_GRANTS: FunctionGrants = {
  tables: {
    leads: leadsRead,
    stats: leadStatsWrite,
    // Its done marker: a complete run is not repeated by later deploys.
    content: { access: ['read', 'write'], keyPrefixes: [KEY_PREFIXES.job] },
  },
};

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'dashboard'> = {
  // The aggregates, and the titles of the most viewed posts (posts only, not the other records).
  getDashboard: {
    tables: {
      // The figures, not the markers of counted leads.
      stats: {
        access: ['read'],
        keyPrefixes: [...STATS_KEY_PREFIXES.leadFigures, ...STATS_KEY_PREFIXES.views],
      },
      content: { access: ['read'], keyPrefixes: [KEY_PREFIXES.post] },
    },
  },
};
