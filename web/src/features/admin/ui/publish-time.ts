import { adminTimeZone, formatAdminDateTime } from './format-admin-date';

/** The admin's time zone as the browser knows it, e.g. "Asia/Kolkata (UTC+05:30)". */
export function zoneLabel(at: Date = new Date()): string {
  return adminTimeZone(at);
}

const two = (n: number): string => String(n).padStart(2, '0');

/** An ISO time as the value of a `datetime-local` input in the admin's zone (`2030-05-01T15:00`). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A `datetime-local` value, read in the admin's zone, as ISO 8601 UTC; null when empty or unreadable. */
export function fromLocalInput(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  // Without an offset the Date constructor reads a date-time in the local zone.
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** An ISO time in the admin's zone for reading: "1 May 2030, 15:00". */
export function formatLocal(iso: string): string {
  return formatAdminDateTime(iso);
}
