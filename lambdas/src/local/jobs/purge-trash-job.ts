import { jobFunction } from '../../../bundling/functions';
import { functionModule } from '../functions/handler-modules';
import { startJobLoop, type JobLoop } from './job-loop';

/**
 * The local stand-in of the hourly EventBridge rule that empties the Trash of posts trashed more
 * than 30 days ago, from the job's source or its bundle (`LOCAL_HANDLERS`). Every minute by default.
 */
export function startPurgeTrashJob(
  intervalMs = 60_000,
  file = functionModule(jobFunction('purge-trash')),
): JobLoop {
  return startJobLoop({ label: 'trash purge', file, exportName: 'purgeTrash', intervalMs });
}
