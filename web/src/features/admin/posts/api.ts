import { useCallback } from 'react';
import type { PostStatus } from '@agency/shared';
import { useMutateOperation, useOperation } from '../shell/use-operation';

/**
 * A page of the post table, narrowed to one status, a search, a category or an author or not; the
 * page shown stays while the next loads.
 */
export const usePostList = (query: {
  status?: PostStatus;
  q?: string;
  category_id?: number;
  author_id?: number;
  page: number;
}) => useOperation('listPosts', { query }, { keepPreviousData: true });

/** Every category, for the editor's dropdown (the same cache entry the categories page reads). */
export const useCategories = () => useOperation('listCategories');

/** Every author, shared the same way. */
export const useAuthors = () => useOperation('listAuthors');

/** A draft or scheduled post as its public page will show it. */
export const usePreview = (id: number) => useOperation('previewPost', { query: { id } });

/** The kept versions of a post, asked for once the panel is open. */
export const useRevisions = (id: number, open: boolean) =>
  useOperation('listRevisions', open ? { query: { id } } : null);

/** One kept version of a post, once one is chosen. */
export const useRevision = (id: number, revision: number | null) =>
  useOperation('getRevision', revision === null ? null : { query: { id, revision } });

/** After a save: the revision list, open or not, loads afresh the next time it shows. */
export function useRevisionsChanged(): () => void {
  const mutateOperation = useMutateOperation();
  return useCallback(
    () => void mutateOperation('listRevisions', { forget: true }),
    [mutateOperation],
  );
}
