/**
 * What platform services look like to domain code, which takes them as arguments (the AWS
 * implementations are in platform/aws/).
 */

/** One-off jobs that have finished, so each runs once per environment. */
export interface JobMarkers {
  isDone(job: string): Promise<boolean>;
  markDone(job: string): Promise<void>;
}
