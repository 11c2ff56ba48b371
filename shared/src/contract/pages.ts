import * as z from 'zod';
import { isRedirectTarget, normaliseTarget } from '../redirects';
import {
  livePageLink,
  PAGE_LIST_FILTERS,
  newPagePathSchema,
  pageContent,
  pageDraftContent,
  pagePathSchema,
  pageRevision,
  pageRevisionSummary,
  sitePage,
  sitePageSummary,
} from '../page-schema';
import { siteSettings } from '../site-settings';
import { defineOperations } from './operation';

const version = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more');
const revision = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more');
const byPath = z.object({ path: pagePathSchema });
const saved = z.object({ message: z.string(), data: sitePage });

/** The site settings as stored: their values and the version a save must name. */
export const storedSiteSettings = z.object({
  settings: siteSettings,
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** Who `updated_by` is, as people know them (display name, else e-mail); the API fills it in. */
  updated_by_name: z.string().nullable().optional(),
});

export const pageOperations = defineOperations({
  listPages: {
    module: 'pages',
    method: 'GET',
    path: '/api/user/pages',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary:
      'The marketing pages by path, with status and last change; `q` finds title or address text, `status` filters (retired pages only with `retired`).',
    request: {
      encodings: [],
      query: z.object({
        q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
        status: z
          .enum(PAGE_LIST_FILTERS, { error: `must be one of ${PAGE_LIST_FILTERS.join(', ')}` })
          .optional(),
      }),
    },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.array(sitePageSummary) }),
    errors: [401, 403],
  },
  getPage: {
    module: 'pages',
    method: 'GET',
    path: '/api/user/page',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary: 'One page: its draft, status, version and the live copy.',
    request: { encodings: [], query: byPath },
    status: 200,
    kind: 'json',
    response: z.object({ data: sitePage }),
    errors: [400, 401, 403, 404],
  },
  updatePage: {
    module: 'pages',
    method: 'PUT',
    path: '/api/user/page',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Page draft saved', target: { noun: 'page', key: 'path' } },
    throttle: 'staff',
    summary:
      "Save a page's draft as it is (empty fields wait for publish), keeping the replaced version; a stale `version` answers 409; an unsafe value answers 400 naming `blocks.<i>.<field>`.",
    request: {
      encodings: ['json'],
      body: pageDraftContent.extend({ path: pagePathSchema, version }),
    },
    status: 200,
    kind: 'json',
    response: saved,
    errors: [400, 401, 403, 404, 409, 415],
  },
  publishPage: {
    module: 'pages',
    method: 'POST',
    path: '/api/user/page/publish',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Page published', target: { noun: 'page', key: 'path' } },
    throttle: 'staff',
    summary:
      'Publish the draft without its hidden blocks (an empty field answers 400 naming `blocks.<i>.<field>`), render it and put it on the site. A first publish takes an admin.',
    request: { encodings: ['json'], body: byPath.extend({ version: version.optional() }) },
    status: 200,
    kind: 'json',
    response: saved,
    errors: [400, 401, 403, 404, 409, 415, 502],
  },
  createPage: {
    module: 'pages',
    method: 'POST',
    path: '/api/user/page',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Page created', target: { noun: 'page', key: 'path' } },
    throttle: 'staff',
    summary: 'A new page at `path` as a draft copy of the page at `from` (its template).',
    request: {
      encodings: ['json'],
      body: z.object({
        path: newPagePathSchema,
        from: pagePathSchema,
        title: pageContent.shape.title.optional(),
      }),
    },
    status: 201,
    kind: 'json',
    response: saved,
    errors: [400, 401, 403, 404, 409, 415],
  },
  deletePage: {
    module: 'pages',
    method: 'DELETE',
    path: '/api/user/page',
    auth: 'admin',
    // Retiring a page takes an address off the site: the admins'.
    access: 'admins',
    audit: { label: 'Page retired', target: { noun: 'page', key: 'path' } },
    throttle: 'staff',
    summary:
      "Retire a page: it leaves the site and the sitemap; with `redirect_to` (any redirect target) its address answers 301 there, else 404. The specification's own pages answer 409.",
    request: {
      encodings: ['json'],
      body: byPath.extend({
        // Any address a redirect may lead to: a page, a post, a custom path, an https:// address.
        redirect_to: z
          .string()
          .trim()
          .min(1, 'is required')
          .max(1000, 'must be at most 1000 characters')
          .refine(isRedirectTarget, 'must be a site path starting with / or an https:// address')
          .transform(normaliseTarget)
          .optional(),
      }),
    },
    status: 200,
    kind: 'json',
    response: z.object({
      message: z.string(),
      data: z.object({ path: z.string(), redirect_to: z.string().nullable() }),
    }),
    errors: [400, 401, 403, 404, 409, 415],
  },
  schedulePage: {
    module: 'pages',
    method: 'POST',
    path: '/api/user/page/schedule',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Page change scheduled', target: { noun: 'page', key: 'path' } },
    throttle: 'staff',
    summary:
      'Publish the draft by itself at `publish_at` (ISO 8601 with a zone, in the future), or without it unschedule; a stale `version` answers 409.',
    request: {
      encodings: ['json'],
      body: byPath.extend({
        version,
        publish_at: z.iso
          .datetime({
            offset: true,
            error: 'must be an ISO 8601 date and time with a zone, e.g. 2030-05-01T09:30:00Z',
          })
          .optional(),
      }),
    },
    status: 200,
    kind: 'json',
    response: saved,
    errors: [400, 401, 403, 404, 409, 415],
  },
  movePage: {
    module: 'pages',
    method: 'POST',
    path: '/api/user/page/move',
    auth: 'admin',
    // Moving changes a live address (the old one redirects): the admins'.
    access: 'admins',
    audit: { label: 'Page moved', target: { noun: 'page', key: 'path' } },
    throttle: 'staff',
    summary:
      "Move a page to address `to` (admins): a live page is published there and its old address answers 301 to it. The specification's own pages answer 409.",
    request: { encodings: ['json'], body: byPath.extend({ to: newPagePathSchema, version }) },
    status: 200,
    kind: 'json',
    response: saved,
    errors: [400, 401, 403, 404, 409, 415, 502],
  },
  restorePage: {
    module: 'pages',
    method: 'POST',
    path: '/api/user/page/unretire',
    auth: 'admin',
    // Restoring puts a retired address back in play: the admins'.
    access: 'admins',
    audit: { label: 'Page restored', target: { noun: 'page', key: 'path' } },
    throttle: 'staff',
    summary:
      'Bring a retired page back as it was, as an unpublished draft to review; the redirect its retirement left goes.',
    request: { encodings: ['json'], body: byPath },
    status: 200,
    kind: 'json',
    response: saved,
    errors: [400, 401, 403, 404, 409, 415],
  },
  listPageRevisions: {
    module: 'pages',
    method: 'GET',
    path: '/api/user/page/revisions',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary: 'The kept earlier versions of a page (the last 25), newest first.',
    request: { encodings: [], query: byPath },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.array(pageRevisionSummary) }),
    errors: [400, 401, 403, 404],
  },
  getPageRevision: {
    module: 'pages',
    method: 'GET',
    path: '/api/user/page/revision',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary: 'One kept version of a page in full.',
    request: { encodings: [], query: byPath.extend({ revision }) },
    status: 200,
    kind: 'json',
    response: z.object({ data: pageRevision }),
    errors: [400, 401, 403, 404],
  },
  restorePageRevision: {
    module: 'pages',
    method: 'POST',
    path: '/api/user/page/restore',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Page version restored', target: { noun: 'page', key: 'path' } },
    throttle: 'staff',
    summary:
      'Make a kept version the draft, as a new save (the replaced one is kept too); a stale `version` answers 409.',
    request: { encodings: ['json'], body: byPath.extend({ revision, version }) },
    status: 200,
    kind: 'json',
    response: saved,
    errors: [400, 401, 403, 404, 409, 415],
  },
  getSiteSettings: {
    module: 'pages',
    method: 'GET',
    path: '/api/user/site-settings',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary:
      'The site-wide settings: navigation, footer, offices, phone numbers, e-mail, social links, chat number.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: storedSiteSettings }),
    errors: [401, 403, 404],
  },
  updateSiteSettings: {
    module: 'pages',
    method: 'PUT',
    path: '/api/user/site-settings',
    auth: 'admin',
    // The settings show on every page: the admins'.
    access: 'admins',
    audit: { label: 'Site settings published', target: { noun: 'site settings', key: 'path' } },
    throttle: 'staff',
    summary:
      'Change and publish the site-wide settings: every page is rendered again with them (admins only); a stale `version` answers 409.',
    request: { encodings: ['json'], body: z.object({ settings: siteSettings, version }) },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string(), data: storedSiteSettings }),
    errors: [400, 401, 403, 409, 415, 502],
  },
  checkPageLinks: {
    module: 'pages',
    method: 'POST',
    path: '/api/user/page/links',
    auth: 'admin',
    access: 'staff',
    // A read sent as a POST (the draft's links in its body): nothing changes, nothing to record.
    audit: false,
    throttle: 'staff',
    summary:
      'Which of the given site links lead nowhere: no page, post or redirect at the path, or no section with the #id. A warning, nothing is refused.',
    request: {
      encodings: ['json'],
      body: z.object({
        links: z
          .array(z.string().max(2000, 'must be at most 2000 characters'))
          .max(300, 'must be at most 300 links'),
      }),
    },
    status: 200,
    kind: 'json',
    response: z.object({
      data: z.array(z.object({ link: z.string(), problem: z.string() })),
    }),
    errors: [400, 401, 403, 415],
  },
  listLivePages: {
    module: 'pages',
    method: 'GET',
    path: '/api/pages',
    auth: 'public',
    throttle: 'public-read',
    summary: 'The published marketing pages (path, title, when published): what the sitemap lists.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.array(livePageLink) }),
    errors: [],
  },
  getLiveSiteSettings: {
    module: 'pages',
    method: 'GET',
    path: '/api/site-settings',
    auth: 'public',
    throttle: 'public-read',
    summary:
      'The published site settings: the render function draws the blog pages’ header and footer with them.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: siteSettings }),
    errors: [404],
  },
});
