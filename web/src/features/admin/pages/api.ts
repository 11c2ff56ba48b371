import { useCallback } from 'react';
import { useMutateOperation, useOperation } from '../shell/use-operation';

/** Every marketing page with its status and last change. */
export const usePageList = () => useOperation('listPages');

/** The kept versions of a page, asked for once the panel is open. */
export const usePageRevisions = (path: string, open: boolean) =>
  useOperation('listPageRevisions', open ? { query: { path } } : null);

/** The site-wide settings and the version a save names. */
export const useSiteSettings = () => useOperation('getSiteSettings');

/** After a save, a publish or a restore: the page list and the revisions load afresh. */
export function usePagesChanged(): () => void {
  const mutateOperation = useMutateOperation();
  return useCallback(() => {
    void mutateOperation('listPages');
    void mutateOperation('listPageRevisions', { forget: true });
  }, [mutateOperation]);
}
