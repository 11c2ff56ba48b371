import { createHmac } from 'node:crypto';
import type { Lead } from '@agency/shared';
import { adminLeadUrl, leadSourceText } from './mail';

/** A webhook request ready for the WebhookSender port. */
export interface WebhookMessage {
  body: string;
  headers: Record<string, string>;
}

/** Slack's control characters in message text (its docs: escape exactly these three). */
const SLACK_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
export const slackText = (text: string): string =>
  text.replace(/[&<>]/g, (c) => SLACK_ESCAPES[c] ?? c);

/** `sha256=<hex>` HMAC-SHA256 of the exact body, as receivers verify it (GitHub's scheme). */
export const webhookSignature = (body: string, secret: string): string =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/**
 * The webhook request for a lead. The body works as a Slack incoming-webhook message (`text`:
 * name, subject, source and a link to the lead in the admin) and carries the lead's fields for
 * other receivers; delivery bookkeeping stays out. `x-lead-id` lets a receiver drop a retry it
 * already got; `x-signature` is set when a signing key is configured.
 */
export function composeLeadWebhook(lead: Lead, siteUrl: string, secret?: string): WebhookMessage {
  const {
    email_status: _email,
    email_attempts: _emailAttempts,
    webhook_status: _webhook,
    webhook_attempts: _webhookAttempts,
    ...fields
  } = lead;
  const adminUrl = adminLeadUrl(siteUrl, lead.id);
  const text = [
    `New enquiry from ${slackText(lead.name)}: ${slackText(lead.subject)}`,
    `Source: ${slackText(leadSourceText(lead))}`,
    // The URL is the site's address and an encoded id: nothing in it can close Slack's <…|…>.
    `<${adminUrl}|Open the lead in the admin>`,
  ].join('\n');
  const body = JSON.stringify({ text, lead: { ...fields, admin_url: adminUrl } });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-lead-id': lead.id,
  };
  if (secret) headers['x-signature'] = webhookSignature(body, secret);
  return { body, headers };
}
