import * as z from 'zod';
import { pageOf } from '../entities';
import {
  isRedirectTarget,
  isRedirectSource,
  normaliseRedirectPath,
  normaliseTarget,
  NOT_FOUND_LOG,
  REDIRECT_LIMITS,
  REDIRECT_STATUSES,
  unsendableCharacter,
  utf8Bytes,
} from '../redirects';
import { defineOperations, pageNumber } from './operation';

/**
 * An address as typed, without the spaces and line ends around it. Not String#trim, which also
 * drops a byte-order mark or a no-break space at either end: the address a browser then asks for
 * would keep them, so they are refused below instead.
 */
const trimTyped = (value: string): string => value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

/** An address with a control or invisible character (or a full-width dot) is refused, naming it. */
const sendable = (value: string, ctx: z.RefinementCtx) => {
  const why = unsendableCharacter(value);
  if (why) ctx.addIssue({ code: 'custom', message: why, continue: false });
};

/**
 * A redirect's source: a site path (no query or fragment, no dot segments), stored and answered as
 * its store key (normaliseRedirectPath: NFC, lower-case, percent-encoded, no trailing slash), at
 * most the store's 512-byte key.
 */
const redirectSource = z
  .string({ error: 'is required' })
  .overwrite(trimTyped)
  .min(1, 'is required')
  .superRefine(sendable)
  .refine(
    isRedirectSource,
    'must be a site path starting with / (no query, no fragment, no spaces, no . or .. segments)',
  )
  .transform(normaliseRedirectPath)
  .refine(
    (key) => utf8Bytes(key) <= REDIRECT_LIMITS.keyMaxBytes,
    `is too long: at most ${REDIRECT_LIMITS.keyMaxBytes} bytes`,
  );

/**
 * Where a redirect leads: a site path (its query kept) or an https:// address, stored as the ASCII
 * `Location` it is sent as (normaliseTarget: percent-encoded, an international host as punycode);
 * the value stays within 1 KB.
 */
const redirectTarget = z
  .string({ error: 'is required' })
  .overwrite(trimTyped)
  .min(1, 'is required')
  .superRefine(sendable)
  .refine(
    isRedirectTarget,
    'must be a site path starting with one / (no \\, no . or .. segments) or an https:// address',
  )
  .transform(normaliseTarget)
  .refine(
    // The store's value is `<status> <target>`: four bytes go to the status.
    (to) => utf8Bytes(to) <= REDIRECT_LIMITS.valueMaxBytes - 4,
    `is too long: at most ${REDIRECT_LIMITS.valueMaxBytes - 4} bytes`,
  );

const redirectStatus = z.coerce
  .number({ error: `must be one of ${REDIRECT_STATUSES.join(', ')}` })
  .pipe(
    z.union(
      REDIRECT_STATUSES.map((s) => z.literal(s)),
      { error: `must be one of ${REDIRECT_STATUSES.join(', ')}` },
    ),
  );

const redirectNote = z
  .string()
  .trim()
  .max(REDIRECT_LIMITS.noteMax, `must be at most ${REDIRECT_LIMITS.noteMax} characters`)
  .optional()
  .transform((v) => (v ? v : undefined));

/** A redirect's fields as the manager sends them. */
export const redirectFields = z.object({
  from: redirectSource,
  to: redirectTarget,
  status: redirectStatus,
  note: redirectNote,
});
export type RedirectInput = z.infer<typeof redirectFields>;

/** How a redirect came to be: added in the manager, or made when a published post's slug changed. */
export const REDIRECT_ORIGINS = ['manual', 'slug-change'] as const;

/** One stored redirect. */
export const redirect = z.object({
  /** The source as the edge looks it up (lower-case, no trailing slash). */
  from: z.string(),
  to: z.string(),
  status: z.union(REDIRECT_STATUSES.map((s) => z.literal(s))),
  note: z.string().nullable(),
  origin: z.enum(REDIRECT_ORIGINS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Redirect = z.infer<typeof redirect>;

/** One path of the 404 log. */
export const notFoundEntry = z.object({
  path: z.string(),
  count: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** The hosts that linked to it most, most first (hits without a referrer are not listed). */
  referrers: z.array(z.object({ host: z.string(), count: z.number().int() })),
});
export type NotFoundEntry = z.infer<typeof notFoundEntry>;

const encodings = ['json', 'form', 'multipart'] as const;
const saved = z.object({
  message: z.string(),
  data: redirect,
  /** Other redirects rewritten to lead straight to the end of the chain. */
  collapsed: z.array(redirect),
});

/** A path of the 404 log as a call names it: a site path, normalised as the log keys it. */
const notFoundPath = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(NOT_FOUND_LOG.pathMax, `must be at most ${NOT_FOUND_LOG.pathMax} characters`)
  .refine(isRedirectSource, 'must be a site path starting with /')
  .transform(normaliseRedirectPath);

export const redirectOperations = defineOperations({
  listRedirects: {
    module: 'redirects',
    method: 'GET',
    path: '/api/user/redirects',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary: `The redirects, by source, ${REDIRECT_LIMITS.pageSize} a page; \`q\` searches sources and targets (as stored or as read) and notes. With the bytes redirects use of their 4.5 MB at the edge.`,
    request: {
      encodings: [],
      query: z.object({
        page: pageNumber,
        q: z
          .string()
          .trim()
          .max(REDIRECT_LIMITS.searchMax, `must be at most ${REDIRECT_LIMITS.searchMax} characters`)
          .optional()
          .transform((v) => (v ? v : undefined)),
      }),
    },
    status: 200,
    kind: 'json',
    response: pageOf(redirect).extend({
      count: z.number().int(),
      store: z.object({
        bytes: z.number().int(),
        max_bytes: z.number().int(),
      }),
    }),
    errors: [400, 401, 403],
  },
  createRedirect: {
    module: 'redirects',
    method: 'POST',
    path: '/api/user/redirects',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Redirect added', target: { noun: 'redirect', key: 'from' } },
    throttle: 'staff',
    summary:
      'Add a redirect; redirects that led to its source now lead to its target (chains collapsed). 409: a loop, a live page or post, the admin area, or a source already redirected.',
    request: { encodings, body: redirectFields },
    status: 201,
    kind: 'json',
    response: saved,
    errors: [400, 401, 403, 409, 415],
  },
  updateRedirect: {
    module: 'redirects',
    method: 'PUT',
    path: '/api/user/redirects',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Redirect changed', target: { noun: 'redirect', key: 'from' } },
    throttle: 'staff',
    summary: "Change a redirect's target, status or note (the source is its key).",
    request: { encodings, body: redirectFields },
    status: 200,
    kind: 'json',
    response: saved,
    errors: [400, 401, 403, 404, 409, 415],
  },
  deleteRedirect: {
    module: 'redirects',
    method: 'DELETE',
    path: '/api/user/redirects',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Redirect deleted', target: { noun: 'redirect', key: 'from' } },
    throttle: 'staff',
    summary: 'Remove a redirect: its source answers what the site has there again.',
    request: { encodings, body: z.object({ from: redirectSource }) },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string(), data: z.object({ from: z.string() }) }),
    errors: [400, 401, 403, 404, 415],
  },
  listNotFound: {
    module: 'not-found',
    method: 'GET',
    path: '/api/user/not-found',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary: `The 404 log, most hit first, ${NOT_FOUND_LOG.pageSize} a page; paths since redirected are not in it.`,
    request: { encodings: [], query: z.object({ page: pageNumber }) },
    status: 200,
    kind: 'json',
    response: pageOf(notFoundEntry),
    errors: [400, 401, 403],
  },
  dismissNotFound: {
    module: 'not-found',
    method: 'DELETE',
    path: '/api/user/not-found',
    auth: 'admin',
    access: 'staff',
    audit: { label: '404 log entry dismissed', target: { noun: '404', key: 'path' } },
    throttle: 'staff',
    summary: 'Take a path out of the 404 log (it comes back if it is hit again).',
    request: {
      encodings,
      body: z.object({
        path: notFoundPath,
      }),
    },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string(), data: z.object({ path: z.string() }) }),
    errors: [400, 401, 403, 404, 415],
  },
  dismissAllNotFound: {
    module: 'not-found',
    method: 'DELETE',
    path: '/api/user/not-found/all',
    auth: 'admin',
    access: 'staff',
    audit: { label: '404 log cleared' },
    throttle: 'staff',
    summary:
      'Take every path out of the 404 log at once, after a scan by a bot (each comes back if hit again).',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string(), data: z.object({ dismissed: z.number().int() }) }),
    errors: [401, 403],
  },
});
