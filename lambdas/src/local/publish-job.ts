import path from 'node:path';
import { LAMBDAS_SRC } from './handler-modules';
import { startJobLoop, type JobLoop } from './job-loop';

const JOB_FILE = path.join(LAMBDAS_SRC, 'jobs', 'publish-scheduled-posts.ts');

/**
 * The local stand-in of the per-minute EventBridge rule: publish scheduled posts whose time has
 * come. Every 10 s by default, so a post goes live locally within seconds of its time.
 */
export function startPublishJob(intervalMs = 10_000, file = JOB_FILE): JobLoop {
  return startJobLoop({
    label: 'scheduled publishing',
    file,
    exportName: 'publishScheduledPosts',
    intervalMs,
  });
}
