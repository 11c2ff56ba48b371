import type { Lead, LeadInput } from '@agency/shared';
import { verifyCaptcha, type CaptchaSettings, type ReplayGuard } from './captcha';
import { checkRateLimit, type HitCounter } from './rate-limit';
import { newLeadId } from './leads-id';

/** A lead as stored before any e-mail attempt. */
export type NewLead = Omit<Lead, 'email_status' | 'email_attempts'>;

/** One page of leads, newest first. */
export interface LeadPage {
  items: Lead[];
  hasMore: boolean;
}

/** Where leads live: the DynamoDB adapter in AWS and locally, fakes in unit tests. */
export interface LeadRepository {
  /** Store a new lead with its e-mail pending; must not overwrite an existing id. */
  create(lead: NewLead): Promise<void>;
  /** Page `page` (1-based) of `size` leads, newest first. */
  page(page: number, size: number): Promise<LeadPage>;
  /** Every lead, newest first, read page by page. */
  all(): AsyncIterable<Lead>;
  /** Ids of leads whose e-mail is still pending, oldest first. */
  pendingIds(): AsyncIterable<string>;
  /**
   * Take the right to send a lead's e-mail until `leaseUntil` (epoch ms): succeeds only if the e-mail is
   * pending and nobody holds an unexpired lease, so two senders can never both hold it. Null when refused.
   */
  claim(id: string, leaseToken: string, now: number, leaseUntil: number): Promise<Lead | null>;
  /** Record the sent e-mail (only under our lease): status sent, attempts + 1, out of the pending index. */
  markSent(id: string, leaseToken: string, sentAt: string): Promise<void>;
  /** Record a failed attempt (only under our lease): attempts + 1, lease released, still pending. */
  markFailed(id: string, leaseToken: string, reason: string): Promise<void>;
}

export interface SubmitLeadDeps {
  leads: LeadRepository;
  captcha: CaptchaSettings;
  replayGuard: ReplayGuard;
  rateCounter: HitCounter;
  now?: () => Date;
  newId?: (now: number) => string;
}

export const LEAD_THANKS = 'Thank you! We have received your enquiry.';

/**
 * Accept an enquiry: captcha first (cheap to check, stops bots before they spend the visitor's quota),
 * then the per-IP rate limit, then the write. Returns once the lead is durably stored.
 */
export async function submitLead(
  deps: SubmitLeadDeps,
  input: LeadInput,
  sourceIp: string,
): Promise<NewLead> {
  const now = (deps.now ?? (() => new Date()))();
  await verifyCaptcha(input.altcha, deps.captcha, deps.replayGuard, now);
  await checkRateLimit(deps.rateCounter, sourceIp, now.getTime());
  const lead: NewLead = {
    id: (deps.newId ?? newLeadId)(now.getTime()),
    created_at: now.toISOString(),
    name: input.name,
    phone: input.phone,
    email: input.email,
    subject: input.subject,
    message: input.message,
    page: input.page && input.page.length > 0 ? input.page : null,
  };
  await deps.leads.create(lead);
  return lead;
}
