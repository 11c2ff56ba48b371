import { ApiError } from '../../lib/api-client';

/**
 * What a form says when a call fails: the API's own message (it names the field or rule), with a
 * hint to wait when the answer was a throttle (429) that does not say so itself.
 */
export function apiErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.status === 429 && !/\bwait\b|\btry again in\b/i.test(err.message))
    return `${err.message} Please wait a few minutes before trying again.`;
  return err.message;
}
