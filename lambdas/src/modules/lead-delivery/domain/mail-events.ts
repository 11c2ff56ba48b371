import * as z from 'zod';
import type { Logger } from '../../../platform/logger';
import { MAIL_TAGS } from './mail';

/**
 * What SES publishes about a sent e-mail through the configuration set's SNS destination (event
 * publishing: `eventType`; an identity's own notifications say `notificationType`). Only the fields
 * this module reads; SES adds others.
 */
const sesEvent = z.object({
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  mail: z.object({
    messageId: z.string(),
    /** Message tags as SES hands them back: each name with a list of values. */
    tags: z.record(z.string(), z.array(z.string())).optional(),
  }),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z
        .array(z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional() }))
        .default([]),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(z.object({ emailAddress: z.string() })).default([]),
      complaintFeedbackType: z.string().optional(),
    })
    .optional(),
});
export type SesEvent = z.infer<typeof sesEvent>;

/** Where a bounce is recorded on its lead. */
export interface BounceStore {
  /**
   * Mark the lead's sent e-mail as bounced, with the reason the inbox shows. False when there is no
   * such lead (erased since) or its e-mail is not `sent`.
   */
  markBounced(id: string, reason: string): Promise<boolean>;
}

export interface MailEventDeps {
  store: BounceStore;
  log: Logger;
}

export type MailEventOutcome =
  | { kind: 'bounced'; leadId: string; marked: boolean }
  | { kind: 'complaint'; leadId: string | null }
  | { kind: 'ignored'; why: string };

/** Parse the SNS message body SES published; a message that is not an SES event is an error naming it. */
export function parseSesEvent(message: string): SesEvent {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    throw new Error('The SNS message is not JSON: not an SES event');
  }
  const parsed = sesEvent.safeParse(json);
  if (!parsed.success) throw new Error(`Not an SES event: ${parsed.error.message}`);
  return parsed.data;
}

/** The lead an e-mail was about, from the tag lead e-mails carry; null for any other e-mail. */
export const leadOf = (event: SesEvent): string | null =>
  event.mail.tags?.[MAIL_TAGS.leadId]?.[0] ?? null;

/** One line for the inbox: the bounce type and what the receiving server said, kept short. */
export function bounceReason(bounce: NonNullable<SesEvent['bounce']>): string {
  const kind = [bounce.bounceType, bounce.bounceSubType].filter(Boolean).join('/');
  const said = bounce.bouncedRecipients
    .map((r) => (r.diagnosticCode ? `${r.emailAddress}: ${r.diagnosticCode}` : r.emailAddress))
    .join('; ');
  return `Bounced (${kind})${said ? `: ${said}` : ''}`.slice(0, 500);
}

/**
 * Act on one SES event: a bounce of a lead e-mail marks the lead's e-mail `bounced` (the inbox
 * shows it, and the bounce alarm has already told operations); a complaint is logged. E-mails that
 * are not about a lead (Cognito's, say) and other event types are ignored.
 */
export async function handleMailEvent(
  deps: MailEventDeps,
  event: SesEvent,
): Promise<MailEventOutcome> {
  const type = event.eventType ?? event.notificationType;
  const leadId = leadOf(event);
  if (type === 'Complaint') {
    deps.log.warn('an e-mail was reported as spam by its recipient', {
      leadId,
      messageId: event.mail.messageId,
      feedback: event.complaint?.complaintFeedbackType,
    });
    return { kind: 'complaint', leadId };
  }
  if (type !== 'Bounce' || !event.bounce) return { kind: 'ignored', why: `event ${type ?? '?'}` };
  if (!leadId) return { kind: 'ignored', why: 'not a lead e-mail' };
  const reason = bounceReason(event.bounce);
  const marked = await deps.store.markBounced(leadId, reason);
  deps.log.warn(
    marked ? 'lead e-mail bounced' : 'lead e-mail bounced; lead not marked (erased or not sent)',
    { leadId, messageId: event.mail.messageId, reason },
  );
  return { kind: 'bounced', leadId, marked };
}
