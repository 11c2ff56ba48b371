import { ANALYTICS, type Lead } from '@agency/shared';
import type { Logger } from '../../../platform/logger';
import { METRICS, putMetric } from '../../../platform/metrics';
import type { LeadDeliveryDeps } from './delivery';
import { adminLeadUrl, escapeHtml, headerSafe, recipients, type MailMessage } from './mail';
import { slackText, webhookSignature, type WebhookMessage } from './webhook';

const HOUR_MS = 3_600_000;

/** The webhook event type of the reminder (the lead itself is sent without one: `text` + `lead`). */
export const UNANSWERED_EVENT = 'lead.unanswered';

/** Leads waiting for a reminder, and the claim that makes each one's reminder go out once. */
export interface ReminderStore {
  /** Leads, spam left out, that arrived in [from, to) with no first response and no reminder yet. */
  unanswered(from: string, to: string): Promise<Lead[]>;
  /**
   * Mark the lead reminded at `at` if it still is unanswered and not reminded: true for the one
   * caller that marked it (another run, or a staff answer meanwhile, makes it false).
   */
  claim(id: string, at: string): Promise<boolean>;
}

export type ReminderDeps = Pick<LeadDeliveryDeps, 'mailer' | 'mail' | 'webhook'> & {
  reminders: ReminderStore;
  log: Logger;
  now?: () => number;
};

export interface ReminderSummary {
  reminded: number;
  failed: number;
}

const waitedText = (lead: Lead, now: number): string =>
  `${Math.floor((now - Date.parse(lead.created_at)) / HOUR_MS)} hours`;

/** The team's e-mail naming the lead nobody answered. */
export function composeReminderEmail(lead: Lead, mail: LeadDeliveryDeps['mail'], now: number) {
  const link = adminLeadUrl(mail.siteUrl, lead.id);
  const line = `${lead.name} (${lead.subject}) sent an enquiry at ${lead.created_at} and has had no answer for ${waitedText(lead, now)}. The promise is a call back within ${ANALYTICS.promiseHours} hours.`;
  const message: MailMessage = {
    from: mail.from,
    to: recipients(mail.to),
    replyTo: [headerSafe(lead.email)],
    subject: headerSafe(
      `Not answered for ${ANALYTICS.reminderHours} hours: ${lead.name}, ${lead.subject}`,
    ),
    text: `${line}\n\nPhone: ${lead.phone}\nE-mail: ${lead.email}\n\nOpen the lead in the admin: ${link}\n`,
    html: `<!doctype html><html><body><p>${escapeHtml(line)}</p><p>Phone: ${escapeHtml(lead.phone)}<br>E-mail: ${escapeHtml(lead.email)}</p><p><a href="${escapeHtml(link)}">Open the lead in the admin</a></p></body></html>`,
  };
  return message;
}

/** The webhook call naming the lead (Slack-compatible `text`, the event type for other receivers). */
export function composeReminderWebhook(
  lead: Lead,
  siteUrl: string,
  now: number,
  secret?: string,
): WebhookMessage {
  const adminUrl = adminLeadUrl(siteUrl, lead.id);
  const text = [
    `Not answered for ${waitedText(lead, now)}: ${slackText(lead.name)}, ${slackText(lead.subject)}`,
    `<${adminUrl}|Open the lead in the admin>`,
  ].join('\n');
  const body = JSON.stringify({
    type: UNANSWERED_EVENT,
    text,
    lead: {
      id: lead.id,
      name: lead.name,
      subject: lead.subject,
      created_at: lead.created_at,
      admin_url: adminUrl,
    },
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-lead-id': lead.id,
    'x-event': UNANSWERED_EVENT,
  };
  if (secret) headers['x-signature'] = webhookSignature(body, secret);
  return { body, headers };
}

/**
 * Name to the team every lead unanswered `ANALYTICS.reminderHours` after it arrived (up to a day
 * old: older ones are past the promise and the reminder would only be noise), once: each lead is
 * marked reminded by a conditional write BEFORE anything is sent, so two runs at once send it once.
 * A failed send is logged as an error and counted (LeadRemindersFailed), not retried: the mark stays.
 */
export async function remindUnansweredLeads(deps: ReminderDeps): Promise<ReminderSummary> {
  const now = (deps.now ?? Date.now)();
  const from = new Date(now - 24 * HOUR_MS).toISOString();
  const to = new Date(now - ANALYTICS.reminderHours * HOUR_MS).toISOString();
  const summary: ReminderSummary = { reminded: 0, failed: 0 };
  for (const lead of await deps.reminders.unanswered(from, to)) {
    if (!(await deps.reminders.claim(lead.id, new Date(now).toISOString()))) continue;
    const sends: Array<[string, () => Promise<void>]> = [
      ['email', () => deps.mailer.send(composeReminderEmail(lead, deps.mail, now))],
    ];
    const webhook = deps.webhook;
    if (webhook)
      sends.push([
        'webhook',
        () => {
          const m = composeReminderWebhook(lead, deps.mail.siteUrl, now, webhook.secret);
          return webhook.sender.post(m.body, m.headers);
        },
      ]);
    let failed = false;
    for (const [channel, send] of sends) {
      try {
        await send();
      } catch (error) {
        failed = true;
        deps.log.error('unanswered lead reminder not sent', { leadId: lead.id, channel, error });
        putMetric(METRICS.leadRemindersFailed, 1, { leadId: lead.id, channel });
      }
    }
    if (failed) summary.failed += 1;
    else summary.reminded += 1;
    deps.log.info('unanswered lead reminded', { leadId: lead.id, failed });
  }
  return summary;
}
