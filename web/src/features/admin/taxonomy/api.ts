import { useOperation } from '../shell/use-operation';

/** Every category, as the categories page and the post editor's dropdown show them (one cache entry). */
export const useCategories = () => useOperation('listCategories');

/** Every author, shared the same way. */
export const useAuthors = () => useOperation('listAuthors');
