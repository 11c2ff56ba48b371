import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_JOB_SPEEDUP, SCHEDULED_JOBS } from '../../../bundling/functions';
import { localIntervalMs, startScheduledJob } from './scheduled-jobs';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agency-jobs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('startScheduledJob', () => {
  it("runs the job's local export on every run, without overlapping runs", async () => {
    const file = path.join(dir, 'job.mjs');
    await writeFile(
      file,
      'globalThis.__retryCalls = (globalThis.__retryCalls ?? 0); export async function retryPendingLeadEmails() { globalThis.__retryCalls++; await new Promise((r) => setTimeout(r, 50)); return { sent: 0 }; }',
    );
    const job = startScheduledJob('retry-lead-emails', { intervalMs: 60_000, file });
    await Promise.all([job.runNow(), job.runNow()]);
    await job.runNow();
    await job.stop();
    expect(Reflect.get(globalThis, '__retryCalls')).toBe(2);
  });

  it('does nothing while the job module does not exist', async () => {
    const job = startScheduledJob('retry-lead-emails', {
      intervalMs: 60_000,
      file: path.join(dir, 'missing.ts'),
    });
    await expect(job.runNow()).resolves.toBeUndefined();
    await job.stop();
  });

  it('runs each job locally at its AWS interval divided by the one local speed-up', () => {
    expect(localIntervalMs('retry-lead-emails')).toBe(30_000);
    for (const [name, job] of Object.entries(SCHEDULED_JOBS))
      expect(localIntervalMs(name as keyof typeof SCHEDULED_JOBS)).toBe(
        (job.everyMinutes * 60_000) / LOCAL_JOB_SPEEDUP,
      );
  });
});
