import useSWR from 'swr';
import type { ResponseOf } from '../../../lib/api-client';
import { useAdminApi } from '../shell/use-admin-api';

/** Every category, as the post editor's dropdown and the categories page both show them (one cache entry). */
export function useCategories() {
  const api = useAdminApi();
  return useSWR<ResponseOf<'listCategories'>, Error>('admin:categories', () =>
    api('listCategories'),
  );
}

/** Every author, shared the same way. */
export function useAuthors() {
  const api = useAdminApi();
  return useSWR<ResponseOf<'listAuthors'>, Error>('admin:authors', () => api('listAuthors'));
}
