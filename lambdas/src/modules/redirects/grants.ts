/** The AWS permissions of the redirects module's functions (shapes: platform/grants.ts). */
import { KEY_PREFIXES, type FunctionGrants, type OperationGrants } from '../../platform/grants';
import { pagesIndex } from '../pages/grants';

/**
 * Writing redirects: the redirect records and the 404 entries a new redirect drops (one
 * TransactWriteItems), the posts read to refuse hiding a live one, then the edge store. The same
 * for a post write that renames a published post's slug (it adds `/blog/{old}` → `/blog/{new}`).
 */
export const redirectWriter: FunctionGrants = {
  tables: {
    content: [
      {
        access: ['read', 'write', 'delete'],
        keyPrefixes: [KEY_PREFIXES.redirect, KEY_PREFIXES.notFound],
      },
      { access: ['read'], keyPrefixes: [KEY_PREFIXES.post, KEY_PREFIXES.slug] },
    ],
  },
  edgeStore: true,
  sitePages: true,
};

/**
 * Adding or changing a redirect also refuses a source that is a live marketing page (its `PAGE#`
 * record, read by key) and lets one through that is a retired page's address.
 */
export const redirectChecker: FunctionGrants = {
  ...redirectWriter,
  tables: {
    content: [
      {
        access: ['read', 'write', 'delete'],
        keyPrefixes: [KEY_PREFIXES.redirect, KEY_PREFIXES.notFound],
      },
      { access: ['read'], keyPrefixes: [KEY_PREFIXES.post, KEY_PREFIXES.slug] },
      { access: ['get'], keyPrefixes: [KEY_PREFIXES.page] },
    ],
  },
};

/**
 * The redirect store's rebuild (after each deploy, and every hour): reads every redirect and the posts of their
 * sources, deletes those whose source is live again, and makes the KeyValueStore equal the table.
 */
export const REBUILD_REDIRECTS_GRANTS: FunctionGrants = {
  ...redirectChecker,
  tables: {
    content: [
      // The pages' edge entries: every page, listed through the byDate index.
      ...[redirectChecker.tables?.content ?? []].flat(),
      pagesIndex,
    ],
  },
};

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'redirects'> = {
  // Redirects: the table of record in the content table, then the edge's KeyValueStore. The list
  // shows the store's use of its 5 MB (DescribeKeyValueStore).
  listRedirects: {
    tables: { content: { access: ['read'], keyPrefixes: [KEY_PREFIXES.redirect] } },
    edgeStore: true,
  },
  createRedirect: redirectChecker,
  updateRedirect: redirectChecker,
  deleteRedirect: redirectWriter,
};
