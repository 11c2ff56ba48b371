import { useCallback } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import { buildPath } from '@agency/shared';
import type { ResponseOf } from '../../../lib/api-client';
import { useAdminApi } from '../shell/use-admin-api';

export type RedirectList = ResponseOf<'listRedirects'>;
export type NotFoundLog = ResponseOf<'listNotFound'>;

/** A page of the redirects, searched by `q`; the page shown stays while the next one loads. */
export function useRedirectList(query: {
  q?: string;
  page: number;
}): SWRResponse<RedirectList, Error> {
  const api = useAdminApi();
  return useSWR<RedirectList, Error>(
    `admin:${buildPath('listRedirects', {}, query)}`,
    () => api('listRedirects', { query }),
    { keepPreviousData: true },
  );
}

/** A page of the 404 log, most asked-for first. */
export function useNotFoundLog(page: number): SWRResponse<NotFoundLog, Error> {
  const api = useAdminApi();
  const query = { page };
  return useSWR<NotFoundLog, Error>(
    `admin:${buildPath('listNotFound', {}, query)}`,
    () => api('listNotFound', { query }),
    { keepPreviousData: true },
  );
}

/**
 * Mark every page of the 404 log out of date: a redirect just saved takes its source out of the
 * log, which must not show it again from the cache (even within SWR's deduping interval).
 */
export function useNotFoundLogChanged(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    const prefix = `admin:${buildPath('listNotFound', {})}`;
    void mutate((key) => typeof key === 'string' && key.startsWith(prefix));
  }, [mutate]);
}
