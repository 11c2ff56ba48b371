import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { logger } from '../../platform/logger';

export type JobLoopOptions = {
  /** What the job does, for the logs. */
  label: string;
  intervalMs: number;
} & (
  | {
      /** The job module (e.g. `lambdas/src/modules/lead-delivery/jobs/retry-lead-emails.ts`). */
      file: string;
      /** The function of the module that runs the job once. */
      exportName: string;
    }
  | {
      /** A job of the local stack itself (a stand-in of an AWS feature, not a deployed function). */
      run: () => Promise<unknown>;
    }
);

export interface JobLoop {
  /** Run now (or join the run in progress). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

async function runOnce(options: JobLoopOptions): Promise<void> {
  if ('run' in options) {
    logger.debug(`${options.label} run`, { result: await options.run() });
    return;
  }
  const { label, file, exportName } = options;
  try {
    await access(file);
  } catch {
    return; // not written yet: nothing to run
  }
  const mod: unknown = await import(pathToFileURL(file).href);
  const run: unknown =
    typeof mod === 'object' && mod !== null ? Reflect.get(mod, exportName) : null;
  if (typeof run !== 'function') throw new Error(`${file} does not export ${exportName}()`);
  const result: unknown = await run();
  logger.debug(`${label} run`, { result });
}

/**
 * The local stand-in of a scheduled EventBridge rule: run a job module every `intervalMs`. Runs
 * never overlap; a failing run is logged and the next one tries again.
 */
export function startJobLoop(options: JobLoopOptions): JobLoop {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= runOnce(options)
      .catch((error: unknown) => logger.error(`${options.label} failed`, { error }))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  return {
    runNow: tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
