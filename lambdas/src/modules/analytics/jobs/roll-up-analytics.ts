import { randomUUID } from 'node:crypto';
import { dayKey } from '@agency/shared';
import { dynamoClient } from '../../../platform/aws/clients';
import { tableName } from '../../../platform/env';
import { logger, type Logger } from '../../../platform/logger';
import { DynamoHitLog } from '../adapters/hit-log';
import { DynamoRollupStore } from '../adapters/rollup-store';
import { DynamoVisitState } from '../adapters/visit-state';
import type { HitLog } from '../domain/ports';
import { rollUpMinute } from '../domain/rollup';

const MINUTE_MS = 60_000;
/** Hits written this long after their minute's end still count (the edge and the collect call's own time). */
export const LATE_MS = 15_000;
/** A run stops starting minutes after this long (the function times out at 50 s). */
export const RUN_BUDGET_MS = 40_000;
/** The lease outlives a run (its timeout): a crashed run blocks the next ones this long at most. */
export const LEASE_MS = 50_000;
/** Minutes the first run goes back (no cursor yet): the last hour's hits are rolled up. */
export const FIRST_RUN_MINUTES = 60;

export interface RollUpDeps {
  hits: HitLog;
  store: Pick<
    DynamoRollupStore,
    'addRows' | 'addNow' | 'cursor' | 'setCursor' | 'lease' | 'release'
  >;
  states: Pick<DynamoVisitState, 'read' | 'write'>;
  now: () => number;
  log: Logger;
}

export interface RollUpSummary {
  /** False: another run holds the lease; this one did nothing. */
  leased: boolean;
  minutes: number;
  hits: number;
  rows: number;
  bots: number;
  /** The last minute done (epoch minute), or null. */
  cursor: number | null;
}

/** The job's ports on the configured tables. */
export const rollUpDeps = (): RollUpDeps => {
  const db = dynamoClient();
  return {
    hits: new DynamoHitLog(),
    store: new DynamoRollupStore(db, tableName('analytics'), tableName('visitors')),
    states: new DynamoVisitState(db, tableName('visitors')),
    now: Date.now,
    log: logger.child({ job: 'roll-up-analytics' }),
  };
};

/**
 * Rolls each closed minute of raw hits up into the analytics table, in order, exactly once: under
 * a lease (two runs never work at once), from the cursor's next minute to the last minute closed
 * LATE_MS ago, as many as fit the run. Per minute: the rows first (each written once, marked with
 * the minute), then the visitors' states, then the cursor; a crash anywhere is repaired by the
 * next run doing the minute again (see DynamoRollupStore).
 */
export async function rollUpAnalytics(deps: Partial<RollUpDeps> = {}): Promise<RollUpSummary> {
  const d = { ...rollUpDeps(), ...deps };
  const started = d.now();
  const owner = randomUUID();
  const summary: RollUpSummary = {
    leased: false,
    minutes: 0,
    hits: 0,
    rows: 0,
    bots: 0,
    cursor: null,
  };
  if (!(await d.store.lease(owner, started, started + LEASE_MS))) return summary;
  summary.leased = true;
  try {
    const lastClosed = Math.floor((d.now() - LATE_MS) / MINUTE_MS) - 1;
    let cursor = (await d.store.cursor()) ?? lastClosed - FIRST_RUN_MINUTES;
    while (cursor < lastClosed && d.now() - started < RUN_BUDGET_MS) {
      const minute = cursor + 1;
      const hits = await d.hits.minute(minute);
      if (hits.length > 0) {
        const day = dayKey(minute * MINUTE_MS);
        const visitors = [...new Set(hits.map((h) => h.visitor).filter(Boolean))];
        const before = await d.states.read(day, visitors, d.now());
        const rolled = rollUpMinute(minute, hits, before);
        summary.rows += await d.store.addRows(minute, rolled.rows);
        await d.store.addNow(minute, rolled.now);
        await d.states.write(day, minute, rolled.states, d.now());
        summary.hits += hits.length;
        summary.bots += rolled.bots;
      }
      await d.store.setCursor(minute);
      cursor = minute;
      summary.minutes += 1;
    }
    summary.cursor = cursor;
  } finally {
    await d.store.release(owner);
  }
  if (summary.hits > 0) d.log.info('analytics rolled up', { ...summary });
  return summary;
}

/** EventBridge scheduled rule target (every minute). */
export const handler = (): Promise<RollUpSummary> => rollUpAnalytics();
