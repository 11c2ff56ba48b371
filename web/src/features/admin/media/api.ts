import { useOperation } from '../shell/use-operation';

/** A page of the media library, newest first; the page shown stays while the next loads. */
export const useMediaList = (page: number) =>
  useOperation('listMedia', { query: { page } }, { keepPreviousData: true });
