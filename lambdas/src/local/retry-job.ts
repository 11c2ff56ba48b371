import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { logger } from '../lib/logger';
import { LAMBDAS_SRC } from './handler-modules';

const JOB_FILE = path.join(LAMBDAS_SRC, 'jobs', 'retry-lead-emails.ts');

async function runOnce(file: string): Promise<void> {
  try {
    await access(file);
  } catch {
    return; // not written yet: nothing to retry with
  }
  const mod: unknown = await import(pathToFileURL(file).href);
  if (
    typeof mod !== 'object' ||
    mod === null ||
    !('retryPendingLeadEmails' in mod) ||
    typeof mod.retryPendingLeadEmails !== 'function'
  ) {
    throw new Error(`${file} does not export retryPendingLeadEmails()`);
  }
  const result: unknown = await mod.retryPendingLeadEmails();
  logger.debug('lead e-mail retry run', { result });
}

/**
 * The local stand-in of the scheduled EventBridge rule: send lead e-mails still pending every
 * `intervalMs`. Runs never overlap; a failing run is logged and the next one tries again.
 */
export function startRetryJob(
  intervalMs = 30_000,
  file = JOB_FILE,
): { stop(): Promise<void>; runNow(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= runOnce(file)
      .catch((error: unknown) => logger.error('lead e-mail retry failed', { error }))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    runNow: tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
