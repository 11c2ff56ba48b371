/** "day - month - year" with the real calendar month (spec 000's zero-based month fixed). */
export function formatAdminDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getDate()} - ${d.getMonth() + 1} - ${d.getFullYear()}`;
}

/** Date and time of a lead, in the admin's locale. */
export function formatAdminDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatAdminDate(iso)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}
