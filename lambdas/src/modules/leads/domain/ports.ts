import type {
  Actor,
  DeliveryStatus,
  Lead,
  LeadDetail,
  LeadErasure,
  LeadEvent,
  LeadListQuery,
  LeadStatus,
} from '@agency/shared';

/**
 * The ports of the lead pipeline: where leads, their history and their deliveries live, the
 * aggregates the dashboard reads, and the webhook. DynamoDB adapters in AWS and locally, fakes in
 * unit tests. Item layout: modules/leads/adapters/lead-items.ts.
 */

/** The two ways a lead reaches the agency. */
export type Channel = 'email' | 'webhook';
export const CHANNELS: readonly Channel[] = ['email', 'webhook'];

/** A lead as stored on arrival (attempt counters start at 0, history empty). */
export type NewLead = Omit<Lead, 'email_attempts' | 'webhook_attempts'>;

/** The inbox filters without the page number (each optional). */
export type LeadFilter = Partial<Omit<LeadListQuery, 'page'>>;

/** One page of leads, newest first. */
export interface LeadPage {
  items: Lead[];
  hasMore: boolean;
}

/** A status change to record, with its history entry. */
export interface StatusChange {
  to: LeadStatus;
  event: LeadEvent;
  /** Delivery states to set with the change (a lead leaving or entering spam). */
  delivery?: Partial<Record<Channel, DeliveryStatus>>;
}

export interface LeadRepository {
  /** Store a new lead; must not overwrite an existing id. Pending channels put it in the pending index. */
  create(lead: NewLead): Promise<void>;
  get(id: string): Promise<Lead | null>;
  /** The lead with its history (status changes and notes, oldest first). */
  detail(id: string): Promise<LeadDetail | null>;
  /** Page `page` (1-based) of `size` leads matching `filter`, newest first. */
  page(page: number, size: number, filter?: LeadFilter): Promise<LeadPage>;
  /** Every lead matching `filter` (default: every lead, spam included), newest first. */
  all(filter?: LeadFilter): AsyncIterable<Lead>;
  /**
   * Apply a change only if the lead's status is still `from` (two admins cannot both move it from
   * the same state); the history entry is written too. `changed`, `conflict` (status moved on) or
   * `missing`.
   */
  setStatus(
    id: string,
    from: LeadStatus,
    change: StatusChange,
  ): Promise<'changed' | 'conflict' | 'missing'>;
  /** Append a note; false when the lead does not exist. */
  addNote(id: string, event: LeadEvent): Promise<boolean>;
  /** Delete the lead and its history, record the erasure; the erased lead, or null if missing. */
  erase(id: string, erasure: LeadErasure): Promise<Lead | null>;
  /** The record of an erased lead, or null. */
  erasure(id: string): Promise<LeadErasure | null>;
}

/**
 * Delivery state per channel on the lead item, each with its own lease so a channel's message
 * goes out once however many senders race (the request path, the retry job, "Not spam").
 */
export interface LeadDeliveryStore {
  /** Ids of leads with any channel pending, oldest first. */
  pendingIds(): AsyncIterable<string>;
  /**
   * Take the right to send `channel` until `leaseUntil` (epoch ms): only if that channel is pending
   * and no lease or backoff runs past `now`. The lead, or null when refused.
   */
  claim(
    channel: Channel,
    id: string,
    leaseToken: string,
    now: number,
    leaseUntil: number,
  ): Promise<Lead | null>;
  /** Record the sent message (only under our lease); leaves the pending index when no channel is pending. */
  markSent(channel: Channel, id: string, leaseToken: string, sentAt: string): Promise<void>;
  /** Record a failed attempt (only under our lease): attempts + 1, no new attempt before `retryAt`. */
  markFailed(
    channel: Channel,
    id: string,
    leaseToken: string,
    reason: string,
    retryAt: number,
  ): Promise<void>;
  /**
   * Turn held channels to `pending` (or `off` for a channel not configured now) when a lead leaves
   * spam, and put it back in the pending index. True when something was released.
   */
  release(id: string, channels: Record<Channel, 'pending' | 'off'>): Promise<boolean>;
}

/** Aggregates kept as leads arrive and change (the dashboard reads only these). */
export interface LeadStats {
  /** A stored lead: its status count, and unless spam its week's total, source, subject and landing page. */
  leadReceived(lead: Lead): Promise<void>;
  /** Status counts; moving into or out of spam also takes it out of or back into its week's figures. */
  statusChanged(lead: Lead, from: LeadStatus, to: LeadStatus): Promise<void>;
  /** An erased lead leaves the status counts (its week's anonymous figures stay). */
  leadErased(lead: Lead): Promise<void>;
}

/** Views per post per UTC day, beside the spec's total. */
export interface ViewStats {
  postViewed(postId: number, at: Date): Promise<void>;
}

/** Posts one HTTP request to the configured webhook; throws on a network error, timeout or non-2xx. */
export interface WebhookSender {
  post(body: string, headers: Record<string, string>): Promise<void>;
}

/** Who acts: the signed-in admin, with the e-mail they have at that time. */
export type { Actor };
