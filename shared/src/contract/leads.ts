import * as z from 'zod';
import {
  LEAD_LIMITS,
  LEAD_NOTE_MAX,
  LEAD_SEARCH_MAX,
  LEAD_SOURCE_LIMITS,
  LEAD_SPAM,
  LEAD_STATUSES,
  LEAD_SUBJECTS,
} from '../constants';
import { dashboard, lead, leadDetail, pageOf } from '../entities';
import { ANALYTICS } from '../analytics';
import { defineOperations, pageNumber } from './operation';

/** Longest `start` token a challenge request takes (the server's tokens are about 80 characters). */
const CAPTCHA_START_MAX = 200;

const required = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** An optional text field: trimmed, '' counts as absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const isSiteOrHttpAddress = (v: string): boolean => {
  if (v.startsWith('/')) return !v.startsWith('//');
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};
/** A page address: a site path (`/…`) or an http(s) URL. */
const optionalAddress = optionalText(LEAD_SOURCE_LIMITS.urlMax).refine(
  (v) => v === undefined || isSiteOrHttpAddress(v),
  'must be a path starting with / or an http(s) address',
);

/** Where the visit came from: campaign parameters, first page, external referrer (all optional). */
export const leadSourceFields = z.object({
  utm_source: optionalText(LEAD_SOURCE_LIMITS.paramMax),
  utm_medium: optionalText(LEAD_SOURCE_LIMITS.paramMax),
  utm_campaign: optionalText(LEAD_SOURCE_LIMITS.paramMax),
  utm_term: optionalText(LEAD_SOURCE_LIMITS.paramMax),
  utm_content: optionalText(LEAD_SOURCE_LIMITS.paramMax),
  gclid: optionalText(LEAD_SOURCE_LIMITS.paramMax),
  landing_page: optionalAddress,
  referrer: optionalAddress,
});

/** Most paths a visit's journey carries to the enquiry. */
export const VISIT_PAGES_MAX = 50;

/** The visit's pages before the enquiry: site paths, one a line, in order (optional). */
const visitPages = z
  .string()
  .max(VISIT_PAGES_MAX * (ANALYTICS.pathMax + 1), 'is too long')
  .optional()
  .transform((v) =>
    (v ?? '')
      .split('\n')
      .map((p) => p.trim())
      .filter((p) => p !== ''),
  )
  .refine((pages) => pages.length <= VISIT_PAGES_MAX, `must list at most ${VISIT_PAGES_MAX} paths`)
  .refine(
    (pages) => pages.every((p) => p.length <= ANALYTICS.pathMax),
    `must hold paths of at most ${ANALYTICS.pathMax} characters`,
  )
  .refine(
    (pages) => pages.every((p) => p.startsWith('/') && !p.startsWith('//')),
    'must hold site paths starting with /',
  )
  .transform((pages) => (pages.length > 0 ? pages : undefined));

/** When the visit began (an ISO instant), optional. */
const visitStartedAt = optionalText(40).refine(
  (v) => v === undefined || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))),
  'must be an ISO date and time',
);

/** Server-side lead rules (issue: every field required, formats and lengths). */
export const leadFields = z.object({
  name: required(LEAD_LIMITS.nameMax),
  phone: z
    .string()
    .trim()
    .min(1, 'is required')
    .regex(/^[0-9 +()-]*$/, 'may hold only digits, spaces and + - ( )')
    .min(LEAD_LIMITS.phoneMin, `must be at least ${LEAD_LIMITS.phoneMin} characters`)
    .max(LEAD_LIMITS.phoneMax, `must be at most ${LEAD_LIMITS.phoneMax} characters`),
  email: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(LEAD_LIMITS.emailMax, `must be at most ${LEAD_LIMITS.emailMax} characters`)
    .pipe(z.email('is not a valid e-mail address')),
  subject: z.enum(LEAD_SUBJECTS, { error: `must be one of: ${LEAD_SUBJECTS.join(', ')}` }),
  message: required(LEAD_LIMITS.messageMax),
  altcha: z.string().min(1, 'is required: solve the captcha').max(10_000, 'is too long'),
  page: z.string().trim().max(LEAD_LIMITS.pageMax, 'is too long').optional(),
  ...leadSourceFields.shape,
  /** The visit's journey (the browser keeps it for the tab's visit only). */
  visit_pages: visitPages,
  visit_started_at: visitStartedAt,
  /** The honeypot: hidden from people, so any value marks the lead as spam (never refused). */
  [LEAD_SPAM.honeypotField]: z.string().max(LEAD_LIMITS.messageMax).optional(),
});
export type LeadInput = z.infer<typeof leadFields>;

/** A lead id (a ULID). */
const leadId = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^[0-9A-Z]{26}$/, 'is not a lead id');
const leadStatusField = z.enum(LEAD_STATUSES, {
  error: `must be one of: ${LEAD_STATUSES.join(', ')}`,
});
const requiredNote = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(LEAD_NOTE_MAX, `must be at most ${LEAD_NOTE_MAX} characters`);
const optionalNote = optionalText(LEAD_NOTE_MAX);
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date, YYYY-MM-DD')
  .optional();

/**
 * The inbox's filters: without `status` every lead but spam; `from`/`to` are UTC days, both
 * included; `q` searches name, e-mail and message (case-insensitive).
 */
export const leadListQuery = z.object({
  page: pageNumber,
  status: leadStatusField.optional(),
  subject: z
    .enum(LEAD_SUBJECTS, { error: `must be one of: ${LEAD_SUBJECTS.join(', ')}` })
    .optional(),
  source: optionalText(LEAD_SOURCE_LIMITS.sourceMax),
  from: isoDay,
  to: isoDay,
  q: optionalText(LEAD_SEARCH_MAX),
});
export type LeadListQuery = z.infer<typeof leadListQuery>;

export const leadOperations = defineOperations({
  createLead: {
    module: 'leads',
    method: 'POST',
    path: '/api/lead',
    auth: 'public',
    throttle: 'enquiry',
    summary: 'Store an enquiry, answer 201, then e-mail the agency.',
    request: { encodings: ['multipart', 'form'], body: leadFields },
    status: 201,
    kind: 'json',
    response: z.object({ data: z.object({ id: z.string() }), message: z.string() }),
    errors: [400, 413, 415, 429],
  },
  listLeads: {
    module: 'leads',
    method: 'GET',
    path: '/api/user/lead/list',
    auth: 'admin',
    access: 'admins',
    throttle: 'staff',
    summary: 'A page of enquiries, newest first, with how many leads each status holds.',
    request: {
      encodings: [],
      query: leadListQuery,
    },
    status: 200,
    kind: 'json',
    response: pageOf(lead).extend({
      /** Every lead there is now per status, whatever the filters (the inbox's "Spam · 3"). */
      counts: z.record(leadStatusField, z.number().int().nonnegative()),
    }),
    errors: [400, 401, 403],
  },
  getLead: {
    module: 'leads',
    method: 'GET',
    path: '/api/user/lead',
    auth: 'admin',
    access: 'admins',
    throttle: 'staff',
    summary: 'One enquiry with its source, history and notes; 404 names an erased lead.',
    request: { encodings: [], query: z.object({ id: leadId }) },
    status: 200,
    kind: 'json',
    response: z.object({ data: leadDetail }),
    errors: [400, 401, 403, 404],
  },
  setLeadStatus: {
    module: 'leads',
    method: 'PUT',
    path: '/api/user/lead/status',
    auth: 'admin',
    access: 'admins',
    audit: { label: 'Lead status changed', target: { noun: 'lead', key: 'id' } },
    throttle: 'staff',
    summary:
      'Move a lead through the pipeline (with an optional note); from spam to another status it is notified.',
    request: {
      encodings: ['form', 'multipart', 'json'],
      body: z.object({ id: leadId, status: leadStatusField, note: optionalNote }),
    },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string(), data: leadDetail }),
    errors: [400, 401, 403, 404, 409],
  },
  addLeadNote: {
    module: 'leads',
    method: 'POST',
    path: '/api/user/lead/note',
    auth: 'admin',
    access: 'admins',
    audit: { label: 'Lead note added', target: { noun: 'lead', key: 'id' } },
    throttle: 'staff',
    summary: 'Add a time-stamped note, signed by the admin, to a lead.',
    request: {
      encodings: ['form', 'multipart', 'json'],
      body: z.object({ id: leadId, note: requiredNote }),
    },
    status: 201,
    kind: 'json',
    response: z.object({ message: z.string(), data: leadDetail }),
    errors: [400, 401, 403, 404],
  },
  eraseLead: {
    module: 'leads',
    method: 'DELETE',
    path: '/api/user/lead',
    auth: 'admin',
    access: 'admins',
    audit: { label: 'Lead erased', target: { noun: 'lead', key: 'id' } },
    throttle: 'staff',
    summary:
      'Erase a lead and its notes on request; the erasure is recorded without the personal data.',
    request: { encodings: ['form', 'multipart', 'json'], body: z.object({ id: leadId }) },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string(), data: z.object({ id: z.string() }) }),
    errors: [400, 401, 403, 404],
  },
  getDashboard: {
    module: 'dashboard',
    method: 'GET',
    path: '/api/user/dashboard',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary:
      'Leads per week by source, by landing page and subject, status shares and the most viewed posts.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: dashboard }),
    errors: [401, 403],
  },
  exportLeads: {
    module: 'leads',
    method: 'GET',
    path: '/api/user/lead/export',
    auth: 'admin',
    access: 'admins',
    audit: { label: 'Leads exported' },
    throttle: 'staff',
    summary:
      "Every enquiry as CSV (RFC 4180, formula cells neutralised); with filters, the inbox's leads for them.",
    request: { encodings: [], query: leadListQuery.omit({ page: true }) },
    status: 200,
    kind: 'csv',
    errors: [400, 401, 403],
  },
  getCaptchaChallenge: {
    module: 'captcha',
    method: 'GET',
    path: '/api/captcha/challenge',
    auth: 'public',
    throttle: 'enquiry',
    summary:
      "A fresh ALTCHA proof-of-work challenge for the enquiry form; `start` carries the page view's signed start into it.",
    request: {
      encodings: [],
      query: z.object({
        /** `data.start` of the page view's earlier challenge; absent, forged or stale: starts now. */
        start: z
          .string()
          .max(CAPTCHA_START_MAX, `must be at most ${CAPTCHA_START_MAX} characters`)
          .optional(),
      }),
    },
    status: 200,
    kind: 'json',
    response: z.record(z.string(), z.unknown()),
    errors: [],
  },
});
