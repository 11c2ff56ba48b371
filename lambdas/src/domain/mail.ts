import type { Lead } from '@agency/shared';

/** An e-mail ready for the mail port: addresses from configuration, visitor text escaped per part. */
export interface MailMessage {
  from: string;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
}

/** Sends one message; throws on any failure (the caller keeps the lead pending and retries). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailSettings {
  /** The sender, from configuration only. */
  from: string;
  /** Comma-separated recipients, from configuration only. */
  to: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escape text for HTML element content and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** One header line: CR, LF and other control characters become spaces, so no header can be injected. */

export const headerSafe = (text: string): string =>
  text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/** The configured recipient list: trimmed, empty entries dropped. */
export const recipients = (list: string): string[] =>
  list
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a.length > 0);

/** Rows of the enquiry as [label, value]. */
const rowsOf = (lead: Lead): Array<[string, string]> => [
  ['Name', lead.name],
  ['E-mail', lead.email],
  ['Phone', lead.phone],
  ['Subject', lead.subject],
  ['Page', lead.page ?? '(not given)'],
  ['Received', lead.created_at],
  ['Reference', lead.id],
];

/** The agency's notification of a new enquiry. */
export function composeLeadEmail(lead: Lead, settings: MailSettings): MailMessage {
  const rows = rowsOf(lead);
  const text = [...rows.map(([k, v]) => `${k}: ${v}`), '', 'Message:', lead.message, ''].join('\n');
  const htmlRows = rows
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const html = [
    '<!doctype html><html><body>',
    `<h1>New enquiry</h1>`,
    `<table>${htmlRows}</table>`,
    `<h2>Message</h2>`,
    `<p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`,
    '</body></html>',
  ].join('');
  return {
    from: settings.from,
    to: recipients(settings.to),
    // The address passed the contract's e-mail check before the lead was stored.
    replyTo: [headerSafe(lead.email)],
    subject: headerSafe(`New enquiry: ${lead.subject} from ${lead.name}`),
    text,
    html,
  };
}
