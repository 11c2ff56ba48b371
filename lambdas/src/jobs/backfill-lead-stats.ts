import { leadRepository } from '../adapters/lead-repository';
import { DynamoStatsStore } from '../adapters/stats-store';
import type { LeadRepository, LeadStats } from '../domain/lead-ports';
import { logger, type Logger } from '../lib/logger';

export interface BackfillDeps {
  leads: Pick<LeadRepository, 'all'>;
  stats: Pick<LeadStats, 'leadReceived'>;
  log: Logger;
}

export interface BackfillSummary {
  /** Leads read (each counted now, or found counted before). */
  leads: number;
  /** Leads whose counting failed; a later run counts them. */
  failed: number;
}

/** Leads counted at once: enough to overlap the round trips, few enough not to throttle the table. */
const PARALLEL = 16;

/**
 * Count every stored lead into the dashboard's aggregates, so leads stored before the aggregates
 * existed show on the dashboard. Counting is idempotent per lead, so a rerun (every deploy, every
 * `npm start`) changes nothing already counted and finishes what a failed run left.
 */
export async function runBackfillLeadStats(
  deps: Partial<BackfillDeps> = {},
): Promise<BackfillSummary> {
  const leads = deps.leads ?? leadRepository();
  const stats = deps.stats ?? new DynamoStatsStore();
  const log = deps.log ?? logger.child({ job: 'backfill-lead-stats' });
  const summary: BackfillSummary = { leads: 0, failed: 0 };
  let batch: Promise<void>[] = [];
  const count = async (lead: Parameters<LeadStats['leadReceived']>[0]) => {
    try {
      await stats.leadReceived(lead);
    } catch (error) {
      summary.failed += 1;
      log.warn('lead stats backfill: counting a lead failed', { leadId: lead.id, error });
    }
  };
  for await (const lead of leads.all()) {
    summary.leads += 1;
    batch.push(count(lead));
    if (batch.length >= PARALLEL) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
  return summary;
}

/** Lambda entry point: a deploy-time trigger (the local stack runs it at start). */
export const handler = async (): Promise<BackfillSummary> => {
  const summary = await runBackfillLeadStats();
  logger.info('lead stats backfill run', { job: 'backfill-lead-stats', ...summary });
  return summary;
};
