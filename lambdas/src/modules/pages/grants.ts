/** The AWS permissions of the pages module's functions (shapes: platform/grants.ts). */
import {
  KEY_PREFIXES,
  TABLES,
  type FunctionGrants,
  type TableGrant,
  type OperationGrants,
} from '../../platform/grants';

/**
 * Marketing pages (`PAGE#<path>` with their kept versions `REV#…`, and the one `SETTINGS` item).
 * Every page is listed through the byDate index (gsi1pk `PAGES`), which a key-prefixed grant does
 * not cover: listing is a grant on that index alone.
 */
export const pagesIndex: TableGrant = {
  access: ['query'],
  index: TABLES.content.indexes.byDate.name,
};

/** A page or one of its kept versions, read by key. */
export const pageGet: TableGrant = { access: ['get'], keyPrefixes: [KEY_PREFIXES.page] };

/**
 * A page or settings save shows only images the library still holds: their `MEDIA#` records read
 * in one BatchGetItem, and a page's write checks each still exists in its transaction
 * (ConditionCheckItem); nothing of the library written.
 */
export const libraryCheck: TableGrant = { access: ['read'], keyPrefixes: [KEY_PREFIXES.media] };

/**
 * Saving a draft: the page and the version it replaces written in one transaction (PutItem each),
 * then the versions beyond the newest 25 found (Query of the page's partition) and deleted.
 */
export const pageDraftWriter: FunctionGrants = {
  tables: {
    content: [
      { access: ['read', 'put', 'delete'], keyPrefixes: [KEY_PREFIXES.page] },
      libraryCheck,
    ],
  },
};

/**
 * Making the site follow a page's record: its HTML written or deleted in the site bucket, its edge
 * entry (`page`/`gone`, the redirects' KeyValueStore), and its cached copies invalidated; the
 * record then marked rendered.
 */
export const pageSite = {
  invalidateCache: true,
  edgeStore: true,
} as const satisfies FunctionGrants;

/**
 * Rendering every live page and the fixed pages with the settings (a settings change, the deploy):
 * every page listed, the settings read and marked rendered, the render function invoked, the HTML
 * put in the site bucket (deleted again when the page was retired meanwhile), the whole distribution
 * invalidated. No edge entry changes.
 */
export const pagesRenderer = {
  siteFiles: ['put', 'delete'],
  invokeRender: true,
  // Rendering pages draws the share cards their titles need (the image function) before the HTML is put.
  invokeImages: true,
  invalidateCache: true,
} as const satisfies FunctionGrants;

/**
 * The marketing pages' deploy job: the web build's seed stored where the table has no pages (each
 * page a conditional PutItem; the settings PutItem, then UpdateItem once rendered), then every live
 * page and the fixed pages rendered with the new build, as a settings change does.
 */
export const SEED_PAGES_GRANTS: FunctionGrants = {
  tables: {
    content: [
      pagesIndex,
      { access: ['put'], keyPrefixes: [KEY_PREFIXES.page] },
      { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.siteSettings] },
    ],
  },
  ...pagesRenderer,
};

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'pages'> = {
  // Marketing pages. The lists read the byDate index only; the editor's reads are by key.
  listPages: { tables: { content: pagesIndex } },
  listLivePages: { tables: { content: pagesIndex } },
  getPage: { tables: { content: pageGet } },
  getPageRevision: { tables: { content: pageGet } },
  listPageRevisions: {
    tables: { content: { access: ['read'], keyPrefixes: [KEY_PREFIXES.page] } },
  },
  getSiteSettings: {
    tables: { content: { access: ['get'], keyPrefixes: [KEY_PREFIXES.siteSettings] } },
  },
  // The render function's read of the published settings for the blog pages: the same one item.
  getLiveSiteSettings: {
    tables: { content: { access: ['get'], keyPrefixes: [KEY_PREFIXES.siteSettings] } },
  },
  updatePage: pageDraftWriter,
  // Checking links: each path looked up by key (a page, a redirect, a post's slug and the post),
  // the build's own paths from SITE_PAGE_PATHS; nothing written.
  checkPageLinks: {
    tables: {
      content: [
        { access: ['get'], keyPrefixes: [KEY_PREFIXES.page, KEY_PREFIXES.redirect] },
        { access: ['read'], keyPrefixes: [KEY_PREFIXES.post, KEY_PREFIXES.slug] },
      ],
    },
    sitePages: true,
  },
  restorePageRevision: pageDraftWriter,
  // A new page copies a template and takes a free address: no page, redirect or post's slug there
  // (each read by key), none of the build's own paths (SITE_PAGE_PATHS); one conditional PutItem.
  createPage: {
    tables: {
      content: [
        {
          access: ['get'],
          keyPrefixes: [KEY_PREFIXES.page, KEY_PREFIXES.redirect, KEY_PREFIXES.slug],
        },
        { access: ['put'], keyPrefixes: [KEY_PREFIXES.page] },
        libraryCheck,
      ],
    },
    sitePages: true,
  },
  // Publishing: the record written (a conditional PutItem, then UpdateItem once rendered), the
  // settings read, the page rendered and put in the site bucket; a redirect from its address is
  // dropped as every redirect write is (the graph's version item read and put in the same
  // transaction as the conditional DeleteItem; the redirects counted once if the item is missing).
  publishPage: {
    tables: {
      content: [
        { access: ['get'], keyPrefixes: [KEY_PREFIXES.page, KEY_PREFIXES.siteSettings] },
        { access: ['write'], keyPrefixes: [KEY_PREFIXES.page] },
        { access: ['read', 'put', 'delete'], keyPrefixes: [KEY_PREFIXES.redirect] },
        libraryCheck,
      ],
    },
    ...pageSite,
    // Delete: a page retired while it was rendered loses the HTML this put brought back.
    siteFiles: ['put', 'delete'],
    invokeRender: true,
    // Rendering pages draws the share cards their titles need (the image function) before the HTML is put.
    invokeImages: true,
  },
  // Retiring: the record written, the page's HTML deleted from the site bucket, then either a
  // redirect to `redirect_to` (written like any redirect: the redirects read, those leading to the
  // page collapsed, the 404 entry dropped) or an edge entry `gone` for a path the build lists.
  deletePage: {
    tables: {
      content: [
        { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.page] },
        { access: ['read', 'put'], keyPrefixes: [KEY_PREFIXES.redirect] },
        { access: ['delete'], keyPrefixes: [KEY_PREFIXES.notFound] },
      ],
    },
    ...pageSite,
    siteFiles: ['delete'],
    sitePages: true,
  },
  // Scheduling a page: its record read and written back with the time (a conditional PutItem).
  schedulePage: pageDraftWriter,
  // Moving a page: the free new address checked as createPage does (a redirect, a post's slug, the
  // build's paths), the record written there and published as publishPage does, then the old
  // address retired as deletePage does (its 301 to the new one written through the redirect graph).
  movePage: {
    tables: {
      content: [
        {
          access: ['get'],
          keyPrefixes: [KEY_PREFIXES.siteSettings, KEY_PREFIXES.slug],
        },
        { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.page] },
        { access: ['read', 'put', 'delete'], keyPrefixes: [KEY_PREFIXES.redirect] },
        { access: ['delete'], keyPrefixes: [KEY_PREFIXES.notFound] },
      ],
    },
    ...pageSite,
    siteFiles: ['put', 'delete'],
    invokeRender: true,
    // Rendering pages draws the share cards their titles need (the image function) before the HTML is put.
    invokeImages: true,
    sitePages: true,
  },
  // Restoring a retired page: the record written back as a draft, the redirect its retirement left
  // dropped (the redirects read and written, the edge following), its HTML kept off the site.
  restorePage: {
    tables: {
      content: [
        { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.page] },
        { access: ['read', 'put', 'delete'], keyPrefixes: [KEY_PREFIXES.redirect] },
      ],
    },
    ...pageSite,
    siteFiles: ['delete'],
    sitePages: true,
  },
  // The settings: read, written (conditional PutItem), every page rendered with them, then marked rendered.
  updateSiteSettings: {
    tables: {
      content: [
        pagesIndex,
        { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.siteSettings] },
        libraryCheck,
      ],
    },
    ...pagesRenderer,
  },
};
