import { useOperation } from '../shell/use-operation';

/** What the library list keeps: a search text, used or unused images. */
export interface MediaFilters {
  q?: string | undefined;
  used?: 'used' | 'unused' | undefined;
}

/** A page of the media library, newest first; the page shown stays while the next loads. */
export const useMediaList = (page: number, filters: MediaFilters = {}) =>
  useOperation(
    'listMedia',
    {
      query: {
        page,
        ...(filters.q ? { q: filters.q } : {}),
        ...(filters.used ? { used: filters.used } : {}),
      },
    },
    { keepPreviousData: true },
  );
