/**
 * The admin's two date formats. The posts list keeps the spec's day - month - year
 * (`formatAdminDate`); every other date and time in the admin is one format, in the admin's own
 * time zone (`formatAdminDateTime`), and a page that shows times names that zone once
 * (`adminTimeZone`, TimeZoneNote).
 */

/** "25 - 11 - 2026": the posts list's date, with the real calendar month (spec 000's zero-based month fixed). */
export function formatAdminDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getDate()} - ${d.getMonth() + 1} - ${d.getFullYear()}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * "25 Nov 2026, 17:58": a date and time anywhere in the admin but the posts list, in the admin's
 * time zone (`timeZone` overrides it, for tests). An unreadable value is shown as it came.
 */
export function formatAdminDateTime(at: string | number, timeZone?: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  return dateTimeFormat(timeZone).format(d);
}

/** The admin's time zone as a page names it: "Asia/Kolkata (UTC+05:30)". */
export function adminTimeZone(at: Date = new Date(), timeZone?: string): string {
  const zone = timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time');
  const minutes = timeZone ? offsetMinutes(at, timeZone) : -at.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${zone} (UTC${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)})`;
}

/** The offset of `timeZone` from UTC at `at`, in minutes. */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
  );
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}
