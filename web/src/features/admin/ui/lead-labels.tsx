import { LEAD_STATUSES, type DeliveryStatus, type LeadStatus } from '@agency/shared';

/** How the admin names each pipeline status. */
export const LEAD_STATUS_LABEL: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

const DELIVERY_LABEL: Record<DeliveryStatus, string> = {
  pending: 'Pending (retrying)',
  sent: 'Sent',
  held: 'Held (spam)',
  off: 'Off',
  bounced: 'Bounced (check the agency address)',
};

/** A channel's delivery state as the inbox and the lead page say it: "Pending (retrying) (2 attempts)". */
export function deliveryLabel(status: DeliveryStatus, attempts: number): string {
  const tries = status === 'pending' && attempts > 0 ? ` (${attempts} attempts)` : '';
  return `${DELIVERY_LABEL[status]}${tries}`;
}

/** The pipeline status as a badge: the word always shows, so colour is never the only cue. */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`lead-status lead-status--${status}`}>{LEAD_STATUS_LABEL[status]}</span>;
}

/** A `tel:` address from a phone number as typed (digits and a leading + only). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/** What the inbox is told when it opens after an erasure (router state, read by `erasedNotice`). */
export interface ErasedState {
  notice: string;
}

/** The notice an erasure left for the inbox in the router state, if any. */
export function erasedNotice(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'notice' in state
    ? typeof state.notice === 'string'
      ? state.notice
      : null
    : null;
}

/** A status with how many leads it holds, as the inbox shows it: "Spam · 3". */
export const statusWithCount = (status: LeadStatus, count: number | undefined): string =>
  count === undefined ? LEAD_STATUS_LABEL[status] : `${LEAD_STATUS_LABEL[status]} · ${count}`;

/** The pipeline's statuses as `<option>`s, in pipeline order, with their counts when known. */
export function LeadStatusOptions({ counts }: { counts?: Partial<Record<LeadStatus, number>> }) {
  return LEAD_STATUSES.map((s) => (
    <option key={s} value={s}>
      {statusWithCount(s, counts?.[s])}
    </option>
  ));
}
