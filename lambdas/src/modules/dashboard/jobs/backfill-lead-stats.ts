import { leadRepository } from '../../leads/adapters/lead-repository';
import { DynamoStatsStore } from '../adapters/stats-store';
import type { LeadRepository, LeadStats } from '../../leads/domain/ports';
import { DynamoJobMarkers } from '../../../platform/aws/job-markers';
import type { JobMarkers } from '../../../platform/ports';
import { logger, type Logger } from '../../../platform/logger';

export interface BackfillDeps {
  leads: Pick<LeadRepository, 'all'>;
  stats: Pick<LeadStats, 'leadReceived'>;
  markers: JobMarkers;
  log: Logger;
}

export const BACKFILL_LEAD_STATS_JOB = 'backfill-lead-stats';

export interface BackfillSummary {
  /** A complete run happened before: nothing was read. */
  skipped: boolean;
  /** Leads read (each counted now, or found counted before). */
  leads: number;
  /** Leads whose counting failed; a later run counts them. */
  failed: number;
}

/** Leads counted at once: enough to overlap the round trips, few enough not to throttle the table. */
const PARALLEL = 16;

/**
 * Count every stored lead into the dashboard's aggregates, so leads stored before the aggregates
 * existed show on the dashboard; leads stored since are counted as they arrive. Counting is
 * idempotent per lead, so a lead arriving during the run is not counted twice, and a run with
 * failures is finished by the next one; a complete run marks itself done, so later deploys and
 * `npm start`s read nothing.
 */
export async function runBackfillLeadStats(
  deps: Partial<BackfillDeps> = {},
): Promise<BackfillSummary> {
  const leads = deps.leads ?? leadRepository();
  const stats = deps.stats ?? new DynamoStatsStore();
  const markers = deps.markers ?? new DynamoJobMarkers();
  const log = deps.log ?? logger.child({ job: BACKFILL_LEAD_STATS_JOB });
  const summary: BackfillSummary = { skipped: false, leads: 0, failed: 0 };
  if (await markers.isDone(BACKFILL_LEAD_STATS_JOB)) return { ...summary, skipped: true };
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
  if (summary.failed === 0) await markers.markDone(BACKFILL_LEAD_STATS_JOB);
  return summary;
}

/** Lambda entry point: a deploy-time trigger (the local stack runs it at start). */
export const handler = async (): Promise<BackfillSummary> => {
  const summary = await runBackfillLeadStats();
  logger.info('lead stats backfill run', { job: BACKFILL_LEAD_STATS_JOB, ...summary });
  return summary;
};
