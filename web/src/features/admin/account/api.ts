import { useCallback } from 'react';
import { useMutateOperation } from '../shell/use-operation';

/** The signed-in person as the frame and this page read them (`getUserData`, one cache entry). */
export { useUserData } from '../shell/use-user-data';

/** After a change to one's own account (name, two-factor): every reader of `getUserData` loads it again. */
export function useUserDataChanged(): () => Promise<unknown> {
  const mutateOperation = useMutateOperation();
  return useCallback(() => mutateOperation('getUserData'), [mutateOperation]);
}
