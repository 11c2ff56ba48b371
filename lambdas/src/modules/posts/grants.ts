/** The AWS permissions of the posts module's functions (shapes: platform/grants.ts). */
import {
  KEY_PREFIXES,
  STATS_KEY_PREFIXES,
  TABLE_KEY_PREFIXES,
  contentRead,
  type FunctionGrants,
  type OperationGrants,
} from '../../platform/grants';

/**
 * What every post writer does: one TransactWriteItems per save, which IAM checks action by action
 * (PutItem of the post, its revision and slug guard; UpdateItem of usage counts and `MEDIA#` image
 * claims; DeleteItem of the old slug guard), then trim the oldest revisions (delete), refresh the
 * cached pages, and release the images only the dropped content showed (their `MEDIA#` records and
 * `images/` objects; banners from before the media library too).
 */
export const postChanger: FunctionGrants = {
  tables: { content: { access: ['read', 'write', 'delete'] }, views: { access: ['read'] } },
  media: { images: ['delete'], banners: ['delete'] },
  invalidateCache: true,
  // A published post's new slug redirects its old address; a post live again drops its redirect.
  edgeStore: true,
  sitePages: true,
};

/**
 * Creating and updating also take a spec multipart `banner_image`: written to `uploads/`, checked
 * and processed by the image function like a direct upload (read, invoke), then deleted. Nothing
 * writes `banners/` any more: that prefix only shrinks, as banners are replaced or migrated.
 */
export const postWriter: FunctionGrants = {
  ...postChanger,
  media: { ...postChanger.media, uploads: ['put', 'read', 'delete'] },
  mediaList: true,
  invokeImages: true,
};

export const postReader: FunctionGrants = {
  tables: { content: contentRead, views: { access: ['read'] } },
};

/** Writing a post's state without touching images: the post and its category and author counts. */
export const postReaderWriter: FunctionGrants = {
  tables: { content: { access: ['read', 'write'] }, views: { access: ['read'] } },
};

/**
 * Purging a trashed post: the post, its slug guard and revisions deleted, its view counter, its
 * claim on library images released and an image nothing else shows deleted with its objects (and
 * a banner from before the library). Nothing public shows a trashed post: no invalidation.
 */
export const trashPurger: FunctionGrants = {
  tables: {
    content: { access: ['read', 'write', 'delete'] },
    views: { access: ['delete'] },
  },
  media: { images: ['delete'], banners: ['delete'] },
};

/** The Trash's hourly job: purges posts trashed more than 30 days ago, as `purgePost` does. */
export const PURGE_TRASH_JOB_GRANTS: FunctionGrants = trashPurger;

/**
 * The publishing job: finds scheduled posts that are due, publishes them, invalidates their pages,
 * and drops a redirect from the address a post now answers at (a conditional delete of its
 * `REDIRECT` item, then the edge store).
 */
export const PUBLISH_JOB_GRANTS: FunctionGrants = {
  tables: {
    content: [
      { access: ['read', 'write'] },
      { access: ['delete'], keyPrefixes: [KEY_PREFIXES.redirect, KEY_PREFIXES.notFound] },
    ],
  },
  invalidateCache: true,
  edgeStore: true,
  // It also makes live the page changes the site does not show yet (a publish, a retirement or a
  // settings change whose render failed), and publishes the pages whose scheduled time has come:
  // what publishPage, deletePage and updateSiteSettings do.
  // Read: each live page's HTML object says what it was rendered from (HEAD), compared with the records.
  siteFiles: ['put', 'delete', 'read'],
  invokeRender: true,
  // Rendering pages draws the share cards their titles need (the image function) before the HTML is put.
  invokeImages: true,
  sitePages: true,
};

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'posts'> = {
  listPosts: postReader,
  getPost: postReader,
  previewPost: postReader,
  listRevisions: { tables: { content: contentRead } },
  getRevision: { tables: { content: contentRead } },
  restoreRevision: postChanger,
  // The total of the spec, and the post's counter of the day for the dashboard; counted once per
  // visitor a day: the day's salt (read, made once) and the visitor's `VIEWED#` mark (conditional
  // put); a view not counted reads the total.
  increaseView: {
    tables: {
      content: contentRead,
      views: { access: ['read', 'write'] },
      stats: { access: ['write'], keyPrefixes: STATS_KEY_PREFIXES.views },
      visitors: [
        { access: ['get', 'put'], keyPrefixes: [TABLE_KEY_PREFIXES.visitors.salt] },
        { access: ['put'], keyPrefixes: [TABLE_KEY_PREFIXES.visitors.viewed] },
      ],
    },
    siteUrl: true,
  },
  createPost: postWriter,
  updatePost: postWriter,
  // Deleting moves the post to the Trash: one write, its category and author given back, its
  // public pages invalidated. Restoring claims them again and answers the post with its views.
  deletePost: {
    tables: { content: { access: ['read', 'write'] } },
    invalidateCache: true,
  },
  untrashPost: postReaderWriter,
  // Purging deletes the post, its slug guard, revisions, view counter and the images nothing else shows.
  purgePost: trashPurger,
};
