import { stringify } from 'csv-stringify/sync';
import type { Lead } from '@agency/shared';

/** Leading characters a spreadsheet may read as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefix a cell that a spreadsheet would run as a formula with an apostrophe, so it shows as text. */
export const neutralise = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/**
 * Columns of the leads export, in order: [header, value of a lead]. The columns leads had before
 * the pipeline come first, so a sheet built on the old export still finds them in place.
 */
const COLUMNS: ReadonlyArray<readonly [string, (lead: Lead) => string | number]> = [
  ['id', (l) => l.id],
  ['created_at', (l) => l.created_at],
  ['name', (l) => l.name],
  ['email', (l) => l.email],
  ['phone', (l) => l.phone],
  ['subject', (l) => l.subject],
  ['message', (l) => l.message],
  ['page', (l) => l.page ?? ''],
  ['email_status', (l) => l.email_status],
  ['email_attempts', (l) => l.email_attempts],
  ['status', (l) => l.status],
  ['spam_reason', (l) => l.spam_reason ?? ''],
  ['source', (l) => l.source],
  ['utm_source', (l) => l.utm_source ?? ''],
  ['utm_medium', (l) => l.utm_medium ?? ''],
  ['utm_campaign', (l) => l.utm_campaign ?? ''],
  ['utm_term', (l) => l.utm_term ?? ''],
  ['utm_content', (l) => l.utm_content ?? ''],
  ['gclid', (l) => l.gclid ?? ''],
  ['landing_page', (l) => l.landing_page ?? ''],
  ['referrer', (l) => l.referrer ?? ''],
  ['webhook_status', (l) => l.webhook_status],
  ['webhook_attempts', (l) => l.webhook_attempts],
  ['updated_at', (l) => l.updated_at ?? ''],
];

/** Rows as RFC 4180 CSV (CRLF line ends, quotes doubled, quoted when needed), every text cell neutralised. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  const cells = rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' ? neutralise(cell) : String(cell))),
  );
  return stringify([[...header], ...cells], { record_delimiter: '\r\n', quoted_match: /[\r\n",]/ });
}

/** The leads export: a header row, then one row per lead in the order given. */
export const leadsToCsv = (leads: readonly Lead[]): string =>
  toCsv(
    COLUMNS.map(([h]) => h),
    leads.map((lead) => COLUMNS.map(([, value]) => value(lead))),
  );

/** `leads-2025-01-31.csv` for the day `now` falls on (UTC). */
export const exportFileName = (now: Date): string => `leads-${now.toISOString().slice(0, 10)}.csv`;
