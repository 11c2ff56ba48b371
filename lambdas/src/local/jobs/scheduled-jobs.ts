import {
  jobFunction,
  LOCAL_JOB_SPEEDUP,
  SCHEDULED_JOB_NAMES,
  SCHEDULED_JOBS,
  type ScheduledJobName,
  type ScheduledJobSpec,
} from '../../../bundling/functions';
import { functionModule } from '../functions/handler-modules';
import { startJobLoop, type JobLoop } from './job-loop';

/** How often `npm start` runs a job: its AWS interval divided by the local speed-up. */
export const localIntervalMs = (name: ScheduledJobName, speedup = LOCAL_JOB_SPEEDUP): number =>
  (SCHEDULED_JOBS[name].everyMinutes * 60_000) / speedup;

export interface ScheduledJobOptions {
  /** Default: the job's AWS interval divided by LOCAL_JOB_SPEEDUP. */
  intervalMs?: number;
  /** Default: the job's source or its bundle (`LOCAL_HANDLERS`). */
  file?: string;
}

/**
 * The local stand-in of one job's EventBridge rule: run the job's module (its `localRun` export,
 * or `handler`) on an interval, never two runs at once.
 */
export function startScheduledJob(
  name: ScheduledJobName,
  {
    intervalMs = localIntervalMs(name),
    file = functionModule(jobFunction(name)),
  }: ScheduledJobOptions = {},
): JobLoop {
  const job: ScheduledJobSpec = SCHEDULED_JOBS[name];
  return startJobLoop({ label: name, file, exportName: job.localRun ?? 'handler', intervalMs });
}

/** Every scheduled job of the job list, each on its local interval. */
export function startScheduledJobs(speedup = LOCAL_JOB_SPEEDUP): JobLoop[] {
  return SCHEDULED_JOB_NAMES.map((name) =>
    startScheduledJob(name, { intervalMs: localIntervalMs(name, speedup) }),
  );
}
