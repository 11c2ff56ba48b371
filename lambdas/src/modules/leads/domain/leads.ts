import {
  LEAD_SPAM,
  channelOf,
  countryOf,
  deviceOf,
  landingPath,
  sourceOf,
  type LeadJourney,
  type LeadInput,
  type LeadSourceField,
  type SpamReason,
} from '@agency/shared';
import type { Logger } from '../../../platform/logger';
import {
  verifyCaptcha,
  type CaptchaSettings,
  type ReplayGuard,
} from '../../captcha/domain/captcha';
import type { LeadRepository, LeadStats, NewLead } from './ports';
import { checkRateLimit, type HitCounter } from '../../../platform/rate-limit';
import { newLeadId } from './leads-id';

export interface SubmitLeadDeps {
  leads: LeadRepository;
  stats: LeadStats;
  captcha: CaptchaSettings;
  replayGuard: ReplayGuard;
  rateCounter: HitCounter;
  /** Whether a webhook is configured now: its channel starts pending, else off. */
  webhookConfigured: boolean;
  /** A form sent sooner than this after the visitor started on it (the challenge's signed start) is spam. */
  minFillMs: number;
  log: Logger;
  now?: () => Date;
  newId?: (now: number) => string;
}

export const LEAD_THANKS = 'Thank you! We have received your enquiry.';

/**
 * Why a form is spam, or null: the hidden honeypot filled in, or sent faster than a person fills a
 * form, counted from `startedAt`, the visitor's first interaction with the form in that page view
 * (signed into the captcha challenge and kept across new challenges: never the last challenge's
 * issue time). A challenge issued before challenges carried a time proves nothing, so it passes.
 */
export function spamReasonOf(
  input: Pick<LeadInput, typeof LEAD_SPAM.honeypotField>,
  startedAt: number | null,
  now: number,
  minFillMs: number,
): SpamReason | null {
  if (input[LEAD_SPAM.honeypotField]?.trim()) return 'honeypot';
  if (minFillMs > 0 && startedAt !== null && now - startedAt < minFillMs) return 'too-fast';
  return null;
}

/** The visit's source fields as stored: every field present, null when the form did not send it. */
const sourceFieldsOf = (input: LeadInput): Record<LeadSourceField, string | null> => ({
  utm_source: input.utm_source ?? null,
  utm_medium: input.utm_medium ?? null,
  utm_campaign: input.utm_campaign ?? null,
  utm_term: input.utm_term ?? null,
  utm_content: input.utm_content ?? null,
  gclid: input.gclid ?? null,
  landing_page: input.landing_page ?? null,
  referrer: input.referrer ?? null,
});

/** What the edge says of the visitor's request: the viewer-country and user-agent headers. */
export interface LeadClient {
  country?: string;
  userAgent?: string;
}

const DAY_S = 24 * 60 * 60;

/**
 * The visit's journey as stored: the entry page, the pages seen, and the time to the enquiry when
 * the browser's start is sane (not after the enquiry, at most a day before it: a visit is shorter).
 * Null when the browser sent neither the pages nor the start (an older page, or no storage).
 */
export function journeyOf(input: LeadInput, createdAt: Date): LeadJourney | null {
  const pages = input.visit_pages ?? [];
  const startedAt = input.visit_started_at ?? null;
  if (pages.length === 0 && startedAt === null) return null;
  const seconds =
    startedAt === null ? null : Math.round((createdAt.getTime() - Date.parse(startedAt)) / 1000);
  return {
    entry_page: landingPath(input.landing_page),
    pages,
    started_at: startedAt === null ? null : new Date(startedAt).toISOString(),
    time_to_enquiry_s: seconds !== null && seconds >= 0 && seconds <= DAY_S ? seconds : null,
  };
}

/**
 * Accept an enquiry: captcha first (cheap to check, stops bots before they spend the visitor's quota),
 * then the per-IP rate limit, then the write. Spam is stored too, held from every channel, and
 * answered like any lead so a bot learns nothing. Returns once the lead is durably stored.
 */
export async function submitLead(
  deps: SubmitLeadDeps,
  input: LeadInput,
  sourceIp: string,
  client: LeadClient = {},
): Promise<NewLead> {
  const now = (deps.now ?? (() => new Date()))();
  const { startedAt } = await verifyCaptcha(input.altcha, deps.captcha, deps.replayGuard, now);
  await checkRateLimit(deps.rateCounter, sourceIp, now.getTime());
  const spam = spamReasonOf(input, startedAt, now.getTime(), deps.minFillMs);
  const source = sourceFieldsOf(input);
  const lead: NewLead = {
    id: (deps.newId ?? newLeadId)(now.getTime()),
    created_at: now.toISOString(),
    name: input.name,
    phone: input.phone,
    email: input.email,
    subject: input.subject,
    message: input.message,
    page: input.page || null,
    status: spam ? 'spam' : 'new',
    spam_reason: spam,
    source: sourceOf(source),
    ...source,
    email_status: spam ? 'held' : 'pending',
    webhook_status: spam ? 'held' : deps.webhookConfigured ? 'pending' : 'off',
    updated_at: null,
    channel: channelOf(source),
    country: countryOf(client.country),
    device: deviceOf(client.userAgent),
    journey: journeyOf(input, now),
    first_response_at: null,
  };
  await deps.leads.create(lead);
  // The figures are secondary: a failed count must never cost the lead its 201.
  await deps.stats
    .leadReceived({ ...lead, email_attempts: 0, webhook_attempts: 0 })
    .catch((error: unknown) =>
      deps.log.error('lead stats not counted', { leadId: lead.id, error }),
    );
  return lead;
}
