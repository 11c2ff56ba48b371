import { useCallback } from 'react';
import type { ResponseOf } from '../../../lib/api-client';
import { useMutateOperation, useOperation } from '../shell/use-operation';

export type RedirectList = ResponseOf<'listRedirects'>;
export type NotFoundLog = ResponseOf<'listNotFound'>;

/** A page of the redirects, searched by `q`; the page shown stays while the next one loads. */
export const useRedirectList = (query: { q?: string; page: number }) =>
  useOperation('listRedirects', { query }, { keepPreviousData: true });

/** A page of the 404 log, most asked-for first. */
export const useNotFoundLog = (page: number) =>
  useOperation('listNotFound', { query: { page } }, { keepPreviousData: true });

/**
 * Mark every page of the 404 log out of date: a redirect just saved takes its source out of the
 * log, which must not show it again from the cache (even within SWR's deduping interval).
 */
export function useNotFoundLogChanged(): () => void {
  const mutateOperation = useMutateOperation();
  return useCallback(() => void mutateOperation('listNotFound'), [mutateOperation]);
}
