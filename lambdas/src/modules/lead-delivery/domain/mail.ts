import { adminLeadPath, type Lead } from '@agency/shared';

/** An e-mail ready for the mail port: addresses from configuration, visitor text escaped per part. */
export interface MailMessage {
  from: string;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /**
   * Message tags SES hands back in its bounce and complaint events (MAIL_TAGS names them), so an
   * event finds the lead its e-mail was about.
   */
  tags?: Record<string, string>;
}

/** The tags lead e-mails carry. */
export const MAIL_TAGS = { leadId: 'lead-id' } as const;

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

/** What a lead notification needs besides the addresses: the site, for the link to the lead. */
export type LeadMailSettings = MailSettings & {
  /** The site's public address without a trailing slash (SITE_URL). */
  siteUrl: string;
};

/** The lead's page in the admin, linked from every notification. */
export const adminLeadUrl = (siteUrl: string, id: string): string =>
  `${siteUrl}${adminLeadPath(id)}`;

/** Where the lead came from, as one line: the source label, then medium and campaign when known. */
export function leadSourceText(lead: Lead): string {
  const campaign = [lead.utm_medium, lead.utm_campaign].filter((v) => v).join(' / ');
  return campaign ? `${lead.source} (${campaign})` : lead.source;
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

/**
 * A page of the site as a reader can open it from a mail: a path the form recorded (`/contact-us`)
 * on the site's address; an address already absolute (another site's) as it is.
 */
export const siteAddress = (siteUrl: string, page: string): string =>
  page.startsWith('/') && !page.startsWith('//') ? `${siteUrl}${page}` : page;

/** Rows of the enquiry as [label, value]; the pages it names are absolute addresses. */
const rowsOf = (lead: Lead, siteUrl: string): Array<[string, string]> => [
  ['Name', lead.name],
  ['E-mail', lead.email],
  ['Phone', lead.phone],
  ['Subject', lead.subject],
  ['Source', leadSourceText(lead)],
  ['Landing page', lead.landing_page ? siteAddress(siteUrl, lead.landing_page) : '(not given)'],
  ['Page', lead.page ? siteAddress(siteUrl, lead.page) : '(not given)'],
  ['Received', lead.created_at],
  ['Reference', lead.id],
];

/** The agency's notification of a new enquiry. */
export function composeLeadEmail(lead: Lead, settings: LeadMailSettings): MailMessage {
  const rows = rowsOf(lead, settings.siteUrl);
  const link = adminLeadUrl(settings.siteUrl, lead.id);
  const text = [
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    'Message:',
    lead.message,
    '',
    `Open the lead in the admin: ${link}`,
    '',
  ].join('\n');
  const htmlRows = rows
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const html = [
    '<!doctype html><html><body>',
    `<h1>New enquiry</h1>`,
    `<table>${htmlRows}</table>`,
    `<h2>Message</h2>`,
    `<p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open the lead in the admin</a></p>`,
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
    tags: { [MAIL_TAGS.leadId]: lead.id },
  };
}
