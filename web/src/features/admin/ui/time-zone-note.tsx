import { adminTimeZone } from './format-admin-date';

/** Names once, on a page that shows times, the time zone they are in (formatAdminDateTime). */
export function TimeZoneNote() {
  return <p className="time-zone-note">Times are in your time zone: {adminTimeZone()}.</p>;
}
