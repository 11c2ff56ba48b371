import { jobFunction } from '../../../bundling/functions';
import { functionModule } from '../functions/handler-modules';
import { startJobLoop, type JobLoop } from './job-loop';

/**
 * The local stand-in of the per-minute EventBridge rule: publish scheduled posts whose time has
 * come, from the job's source or its bundle (`LOCAL_HANDLERS`). Every 10 s by default, so a post goes
 * live locally within seconds of its time.
 */
export function startPublishJob(
  intervalMs = 10_000,
  file = functionModule(jobFunction('publish-scheduled-posts')),
): JobLoop {
  return startJobLoop({
    label: 'scheduled publishing',
    file,
    exportName: 'publishScheduledPosts',
    intervalMs,
  });
}
