import { ANALYTICS, type Lead } from '@agency/shared';
import './response-time.css';

const MINUTE_MS = 60_000;
const PROMISE_MS = ANALYTICS.promiseHours * 60 * MINUTE_MS;

/** A duration as staff read it: `45 min`, `2 h 10 min`, `3 h`, `2 d 4 h`. */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The promise clock of a lead: answered after how long, or waiting how long; null for spam. */
export function responseClock(
  lead: Pick<Lead, 'created_at' | 'first_response_at' | 'status'>,
  now: number,
): { text: string; kept: boolean; answered: boolean } | null {
  if (lead.status === 'spam') return null;
  const arrived = Date.parse(lead.created_at);
  if (lead.first_response_at) {
    const took = Date.parse(lead.first_response_at) - arrived;
    return { text: `Answered in ${durationText(took)}`, kept: took <= PROMISE_MS, answered: true };
  }
  const waited = now - arrived;
  return { text: `Waiting ${durationText(waited)}`, kept: waited <= PROMISE_MS, answered: false };
}

/** The inbox's and the lead view's line for the 12-hour promise (nothing for spam). */
export function ResponseTime({
  lead,
  now = Date.now(),
}: {
  lead: Pick<Lead, 'created_at' | 'first_response_at' | 'status'>;
  now?: number;
}) {
  const clock = responseClock(lead, now);
  if (!clock) return null;
  return (
    <span className={`lead-response lead-response--${clock.kept ? 'kept' : 'late'}`}>
      {clock.text}
    </span>
  );
}
