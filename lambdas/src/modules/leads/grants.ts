/** The AWS permissions of the leads module's functions (shapes: platform/grants.ts). */
import {
  KEY_PREFIXES,
  STATS_KEY_PREFIXES,
  type TableGrant,
  type OperationGrants,
} from '../../platform/grants';
import { leadNotifier } from '../lead-delivery/grants';

/** The dashboard's counters a lead moves (the stats table, read by the dashboard module). */
export const leadStatsKeys = [...STATS_KEY_PREFIXES.leadFigures, ...STATS_KEY_PREFIXES.counted];

/** Counting a lead: ADD on its counters and Put of its marker, never a read. */
export const leadStatsWrite: TableGrant = { access: ['write'], keyPrefixes: leadStatsKeys };

/** Correcting the counts of a lead: first reading whether it was counted at all (its marker). */
export const leadStatsCorrect: TableGrant = {
  access: ['read', 'write'],
  keyPrefixes: leadStatsKeys,
};

export const leadsRead: TableGrant = { access: ['read'] };

/**
 * Changing a lead with a history entry: the entry is written first and deleted again when the
 * lead's conditional update is refused (erased meanwhile), so the history shows only what happened.
 */
export const leadHistoryWriter: TableGrant = { access: ['read', 'write', 'delete'] };

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'leads'> = {
  // A new lead is stored and counted (never read back: a visitor cannot list leads), then notified.
  createLead: {
    tables: {
      leads: { access: ['write'] },
      stats: leadStatsWrite,
      content: { access: ['write'], keyPrefixes: [KEY_PREFIXES.rate, KEY_PREFIXES.altcha] },
    },
    ...leadNotifier,
    captchaKey: true,
  },
  // The inbox reads its page and how many leads each status holds (not the weekly figures).
  listLeads: {
    tables: {
      leads: leadsRead,
      stats: { access: ['read'], keyPrefixes: STATS_KEY_PREFIXES.leadStatuses },
    },
  },
  exportLeads: { tables: { leads: leadsRead } },
  getLead: { tables: { leads: leadsRead } },
  // A status change moves the status counters and, out of spam, notifies at once. The admin's
  // e-mail for the history comes from Cognito GetUser with their own token: no IAM.
  setLeadStatus: {
    tables: { leads: leadHistoryWriter, stats: leadStatsCorrect },
    ...leadNotifier,
  },
  addLeadNote: { tables: { leads: leadHistoryWriter } },
  // Erasing deletes the lead and its history, records the erasure and takes it off the counters.
  eraseLead: {
    tables: { leads: { access: ['read', 'write', 'delete'] }, stats: leadStatsCorrect },
  },
};
