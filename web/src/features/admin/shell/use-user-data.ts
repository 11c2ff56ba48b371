import useSWR from 'swr';
import { buildPath, type UserData } from '@agency/shared';
import { useAdminApi } from './use-admin-api';

/** The SWR key of the signed-in person's data, so a page that changes it (enrolment) refreshes the frame. */
export const USER_DATA_KEY = `admin:${buildPath('getUserData', {})}`;

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
  const api = useAdminApi();
  const { data, error, mutate } = useSWR<UserData, Error>(
    USER_DATA_KEY,
    async () => (await api('getUserData')).data,
    // A refused answer is not retried in a loop; the pages' own calls report what is wrong.
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
  return {
    user: data,
    settled: data !== undefined || error !== undefined,
    error,
    refresh: mutate,
  };
}
