/** The AWS permissions of the media module's functions (shapes: platform/grants.ts). */
import {
  KEY_PREFIXES,
  contentRead,
  type FunctionGrants,
  type TableGrant,
  type TableAccess,
  type OperationGrants,
} from '../../platform/grants';

/**
 * The media library's records (`MEDIA#…`) with `access`, and posts (`POST#…`) read only: an image
 * is answered with the titles of the posts that show it (409 names them too).
 */
export const mediaRecords = (access: readonly TableAccess[]): TableGrant[] => [
  { access, keyPrefixes: [KEY_PREFIXES.media] },
  { access: ['read'], keyPrefixes: [KEY_PREFIXES.post] },
];

/**
 * The image function: reads the raw upload it is given and writes that image's variants, and draws
 * the share cards of pages' titles it is asked for that are not there yet. It can neither read
 * the served images nor delete anything: the caller owns the upload's lifecycle.
 */
export const IMAGE_FUNCTION_GRANTS: FunctionGrants = {
  // Cards drawn from page titles: read (is it there yet?) and written once (`cards/`).
  media: { uploads: ['read'], images: ['put'], cards: ['read', 'put'] },
  // A missing card must answer 404 (drawn), not 403 (refused): S3 tells them apart only to a lister.
  mediaList: true,
};

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'media'> = {
  // The media library. Uploading signs a POST form for one `uploads/` key (a presigned POST carries
  // the signer's permission, so the signer may put uploads and nothing else); confirming checks the
  // upload's bytes, pins them (a `MEDIA#` item, dropped again when they are refused), has the image
  // function make the variants, registers the record and deletes the upload; deleting an unused
  // image removes its record and its objects.
  createUpload: { media: { uploads: ['put'] } },
  confirmUpload: {
    tables: { content: mediaRecords(['read', 'write', 'delete']) },
    media: { uploads: ['read', 'delete'] },
    mediaList: true,
    invokeImages: true,
  },
  // The list shows where each image is used (post titles, and the pages and site settings it reads
  // through the byDate index and by key).
  listMedia: { tables: { content: contentRead } },
  // A delete reads the pages and settings and deletes the record in one transaction that checks
  // each page read is unchanged (ConditionCheckItem, a read).
  deleteMedia: {
    tables: {
      content: [contentRead, { access: ['write', 'delete'], keyPrefixes: [KEY_PREFIXES.media] }],
    },
    media: { images: ['delete'] },
  },
  updateMedia: { tables: { content: mediaRecords(['read', 'write']) } },
};
