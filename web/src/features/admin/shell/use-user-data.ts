import type { UserData } from '@agency/shared';
import { useOperation } from './use-operation';

/**
 * Who is signed in, their role and two-factor state, shared by every admin page through SWR's cache
 * (asked once per visit, not once per page). `settled` turns true once the API answered or failed.
 */
export function useUserData(): {
  user: UserData | undefined;
  settled: boolean;
  error: Error | undefined;
  refresh: () => Promise<unknown>;
} {
  const { data, error, mutate } = useOperation(
    'getUserData',
    {},
    // A refused answer is not retried in a loop; the pages' own calls report what is wrong.
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
  return {
    user: data?.data,
    settled: data !== undefined || error !== undefined,
    error,
    refresh: mutate,
  };
}
