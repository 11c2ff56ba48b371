/** The AWS permissions of the taxonomy module's functions (shapes: platform/grants.ts). */
import {
  contentRead,
  TAXONOMY_PREFIXES,
  type FunctionGrants,
  type TableAccess,
  type OperationGrants,
} from '../../platform/grants';

/**
 * Managing one kind of taxonomy: only that kind's records (its items, id counter and name guards
 * all start with its prefix), never posts. Each change is one TransactWriteItems, which IAM checks
 * action by action against these same keys: an add puts the item and its name guard; a rename
 * updates the item, puts the new guard and deletes the old; a delete deletes both. A rename
 * refreshes the cached blog pages that show the name.
 */
export const taxonomyWriter = (
  prefix: string,
  access: readonly TableAccess[],
  invalidateCache = false,
): FunctionGrants => ({
  tables: { content: { access, keyPrefixes: [prefix] } },
  ...(invalidateCache ? { invalidateCache } : {}),
});

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'taxonomy'> = {
  listCategories: { tables: { content: contentRead } },
  listAuthors: { tables: { content: contentRead } },
  createCategory: taxonomyWriter(TAXONOMY_PREFIXES.category, ['read', 'write']),
  renameCategory: taxonomyWriter(TAXONOMY_PREFIXES.category, ['read', 'write', 'delete'], true),
  deleteCategory: taxonomyWriter(TAXONOMY_PREFIXES.category, ['read', 'delete']),
  createAuthor: taxonomyWriter(TAXONOMY_PREFIXES.author, ['read', 'write']),
  renameAuthor: taxonomyWriter(TAXONOMY_PREFIXES.author, ['read', 'write', 'delete'], true),
  deleteAuthor: taxonomyWriter(TAXONOMY_PREFIXES.author, ['read', 'delete']),
};
