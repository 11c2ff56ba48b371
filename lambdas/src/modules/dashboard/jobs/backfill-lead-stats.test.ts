import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@agency/shared';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { leadOf } from '../../../../test/support/lead-fixture';
import { leadRepository } from '../../leads/adapters/lead-repository';
import { DynamoStatsStore } from '../adapters/stats-store';
import type { JobMarkers } from '../../../platform/ports';
import { createLogger } from '../../../platform/logger';
import { runBackfillLeadStats } from './backfill-lead-stats';

let stack: TestStack;
const stats = new DynamoStatsStore();

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const memoryMarkers = (): JobMarkers => {
  const done = new Set<string>();
  return {
    isDone: async (job) => done.has(job),
    markDone: async (job) => {
      done.add(job);
    },
  };
};

const figures = async (week: string) => {
  const w = await stats.week(week);
  return { total: w.total, source: Object.fromEntries(w.source) };
};

describe('runBackfillLeadStats', () => {
  it('counts the leads stored before the aggregates once, however often it runs, and skips those counted on arrival', async () => {
    const repo = leadRepository();
    const old: Lead[] = [
      ...Array.from({ length: 40 }, (_, i) =>
        leadOf({ created_at: `2029-06-0${(i % 3) + 4}T10:00:00.000Z`, source: 'google' }),
      ),
      leadOf({ created_at: '2029-06-04T10:00:00.000Z', status: 'spam', source: 'bot' }),
      leadOf({ created_at: '2029-06-04T11:00:00.000Z', status: 'won', source: 'direct' }),
    ];
    const arrivedLater = leadOf({ created_at: '2029-06-05T10:00:00.000Z', source: 'direct' });
    for (const lead of [...old, arrivedLater]) await repo.create(lead);
    await stats.leadReceived(arrivedLater);

    expect(await runBackfillLeadStats()).toEqual({ skipped: false, leads: 43, failed: 0 });
    // Marked done: the next deploy or start reads nothing.
    expect(await runBackfillLeadStats()).toEqual({ skipped: true, leads: 0, failed: 0 });
    // Forced to run again (no marker), it counts nothing twice.
    expect(await runBackfillLeadStats({ markers: memoryMarkers() })).toEqual({
      skipped: false,
      leads: 43,
      failed: 0,
    });
    expect(await figures('2029-06-04')).toEqual({ total: 42, source: { google: 40, direct: 2 } });
    expect(Object.fromEntries(await stats.statuses())).toEqual({ new: 41, won: 1, spam: 1 });
  });

  it('goes on past a lead it cannot count, logs it, and a later run counts it', async () => {
    const lead = leadOf({ created_at: '2029-07-02T10:00:00.000Z', source: 'flaky' });
    const logged: string[] = [];
    const log = createLogger();
    let failNext = true;
    const flaky = {
      leadReceived: async (l: Lead) => {
        if (l.id === lead.id && failNext) {
          failNext = false;
          throw new Error('throttled');
        }
        return stats.leadReceived(l);
      },
    };
    await leadRepository().create(lead);
    const markers = memoryMarkers();
    const first = await runBackfillLeadStats({
      stats: flaky,
      markers,
      log: { ...log, warn: (msg) => logged.push(msg) },
    });
    expect(first.failed).toBe(1);
    expect(logged).toEqual(['lead stats backfill: counting a lead failed']);
    expect((await figures('2029-07-02')).total).toBe(0);
    expect(await markers.isDone('backfill-lead-stats')).toBe(false);
    expect(await runBackfillLeadStats({ stats: flaky, markers })).toMatchObject({
      skipped: false,
      failed: 0,
    });
    expect(await markers.isDone('backfill-lead-stats')).toBe(true);
    expect(await figures('2029-07-02')).toEqual({ total: 1, source: { flaky: 1 } });
  });
});
