import path from 'node:path';
import { LAMBDAS_SRC } from './handler-modules';
import { startJobLoop, type JobLoop } from './job-loop';

const JOB_FILE = path.join(LAMBDAS_SRC, 'jobs', 'retry-lead-emails.ts');

/** The local stand-in of the scheduled EventBridge rule: send lead e-mails still pending every `intervalMs`. */
export function startRetryJob(intervalMs = 30_000, file = JOB_FILE): JobLoop {
  return startJobLoop({
    label: 'lead e-mail retry',
    file,
    exportName: 'retryPendingLeadEmails',
    intervalMs,
  });
}
