import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRetryJob } from './retry-job';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agency-retry-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('startRetryJob', () => {
  it('calls retryPendingLeadEmails on every run, without overlapping runs', async () => {
    const file = path.join(dir, 'job.mjs');
    await writeFile(
      file,
      'globalThis.__retryCalls = (globalThis.__retryCalls ?? 0); export async function retryPendingLeadEmails() { globalThis.__retryCalls++; await new Promise((r) => setTimeout(r, 50)); return { sent: 0 }; }',
    );
    const job = startRetryJob(60_000, file);
    await Promise.all([job.runNow(), job.runNow()]);
    await job.runNow();
    await job.stop();
    expect(Reflect.get(globalThis, '__retryCalls')).toBe(2);
  });

  it('does nothing while the job module does not exist', async () => {
    const job = startRetryJob(60_000, path.join(dir, 'missing.ts'));
    await expect(job.runNow()).resolves.toBeUndefined();
    await job.stop();
  });
});
