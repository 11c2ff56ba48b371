import * as z from 'zod';
import { LEAD_LIMITS, LEAD_SUBJECTS } from '../constants';
import { lead, pageOf } from '../entities';
import { defineOperations, pageNumber } from './operation';

const required = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

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
});
export type LeadInput = z.infer<typeof leadFields>;

export const leadOperations = defineOperations({
  createLead: {
    resource: 'lead',
    method: 'POST',
    path: '/api/lead',
    auth: 'public',
    summary: 'Store an enquiry, answer 201, then e-mail the agency.',
    request: { encodings: ['multipart', 'form'], body: leadFields },
    status: 201,
    kind: 'json',
    response: z.object({ data: z.object({ id: z.string() }), message: z.string() }),
    errors: [400, 413, 415, 429],
  },
  listLeads: {
    resource: 'lead',
    method: 'GET',
    path: '/api/user/lead/list',
    auth: 'admin',
    summary: 'A page of enquiries, newest first.',
    request: {
      encodings: [],
      query: z.object({
        page: pageNumber,
      }),
    },
    status: 200,
    kind: 'json',
    response: pageOf(lead),
    errors: [400, 401, 403],
  },
  exportLeads: {
    resource: 'lead',
    method: 'GET',
    path: '/api/user/lead/export',
    auth: 'admin',
    summary: 'Every enquiry as CSV (RFC 4180, formula cells neutralised).',
    request: { encodings: [] },
    status: 200,
    kind: 'csv',
    errors: [401, 403],
  },
  getCaptchaChallenge: {
    resource: 'lead',
    method: 'GET',
    path: '/api/captcha/challenge',
    auth: 'public',
    summary: 'A fresh ALTCHA proof-of-work challenge for the enquiry form.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.record(z.string(), z.unknown()),
    errors: [],
  },
});
