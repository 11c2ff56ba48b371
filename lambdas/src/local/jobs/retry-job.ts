import { jobFunction } from '../../../bundling/functions';
import { functionModule } from '../functions/handler-modules';
import { startJobLoop, type JobLoop } from './job-loop';

/**
 * The local stand-in of the scheduled EventBridge rule: deliver lead notifications (e-mail and
 * webhook) still pending every `intervalMs`, from the job's source or its bundle (`LOCAL_HANDLERS`).
 */
export function startRetryJob(
  intervalMs = 30_000,
  file = functionModule(jobFunction('retry-lead-emails')),
): JobLoop {
  return startJobLoop({
    label: 'lead delivery retry',
    file,
    exportName: 'retryPendingLeadEmails',
    intervalMs,
  });
}
