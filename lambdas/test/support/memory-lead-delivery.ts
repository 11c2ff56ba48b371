import { lead as leadSchema, type DeliveryStatus, type Lead } from '@agency/shared';
import { CHANNEL_ATTRIBUTES } from '../../src/modules/leads/adapters/lead-items';
import {
  CHANNELS,
  type Channel,
  type LeadDeliveryStore,
  type NewLead,
} from '../../src/modules/leads/domain/ports';

/** A channel's bookkeeping beside its status and attempts (CHANNEL_ATTRIBUTES in DynamoDB). */
export interface ChannelState {
  /** A sender's lease, or after a failure the earliest next attempt (epoch ms). */
  until?: number;
  lease?: string;
  error?: string;
  sentAt?: string;
}

interface Row {
  lead: Lead;
  state: Record<Channel, ChannelState>;
  /** The item's `pendingPk`: set on arrival with a pending channel, cleared when none is. */
  inPendingIndex: boolean;
}

const A = CHANNEL_ATTRIBUTES;

/**
 * An in-memory LeadDeliveryStore with the DynamoDB adapter's semantics (each call is one atomic
 * conditional update), for unit tests of the delivery domain.
 */
export class MemoryLeadDelivery implements LeadDeliveryStore {
  readonly rows = new Map<string, Row>();

  /** Store a lead as the repository does on arrival. */
  add(lead: NewLead): void {
    const stored = leadSchema.parse({ ...lead, email_attempts: 0, webhook_attempts: 0 });
    this.rows.set(lead.id, {
      lead: stored,
      state: { email: {}, webhook: {} },
      inPendingIndex: CHANNELS.some((c) => stored[A[c].status] === 'pending'),
    });
  }

  lead(id: string): Lead | undefined {
    return this.rows.get(id)?.lead;
  }

  state(id: string, channel: Channel): ChannelState | undefined {
    return this.rows.get(id)?.state[channel];
  }

  private static anyPending(row: Row): boolean {
    return CHANNELS.some((c) => row.lead[A[c].status] === 'pending');
  }

  async *pendingIds(): AsyncIterable<string> {
    const oldestFirst = [...this.rows.values()]
      .filter((row) => row.inPendingIndex)
      .sort((a, b) =>
        `${a.lead.created_at}#${a.lead.id}`.localeCompare(`${b.lead.created_at}#${b.lead.id}`),
      );
    for (const row of oldestFirst) {
      if (MemoryLeadDelivery.anyPending(row)) yield row.lead.id;
      else row.inPendingIndex = false;
    }
  }

  async claim(
    channel: Channel,
    id: string,
    leaseToken: string,
    now: number,
    leaseUntil: number,
  ): Promise<Lead | null> {
    const row = this.rows.get(id);
    const state = row?.state[channel];
    if (!row || !state || row.lead[A[channel].status] !== 'pending') return null;
    if (state.until !== undefined && state.until >= now) return null;
    state.until = leaseUntil;
    state.lease = leaseToken;
    return { ...row.lead };
  }

  private leased(channel: Channel, id: string, leaseToken: string): Row | null {
    const row = this.rows.get(id);
    return row && row.state[channel].lease === leaseToken ? row : null;
  }

  async markSent(channel: Channel, id: string, leaseToken: string, sentAt: string): Promise<void> {
    const row = this.leased(channel, id, leaseToken);
    if (!row) return;
    row.lead = {
      ...row.lead,
      [A[channel].status]: 'sent',
      [A[channel].attempts]: row.lead[A[channel].attempts] + 1,
    };
    row.state[channel] = { sentAt };
    if (!MemoryLeadDelivery.anyPending(row)) row.inPendingIndex = false;
  }

  async markFailed(
    channel: Channel,
    id: string,
    leaseToken: string,
    reason: string,
    retryAt: number,
  ): Promise<void> {
    const row = this.leased(channel, id, leaseToken);
    if (!row) return;
    row.lead = { ...row.lead, [A[channel].attempts]: row.lead[A[channel].attempts] + 1 };
    row.state[channel] = { error: reason, until: retryAt };
  }

  async release(id: string, channels: Record<Channel, 'pending' | 'off'>): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row) return false;
    let released = false;
    for (const channel of CHANNELS) {
      if (row.lead[A[channel].status] !== 'held') continue;
      const to: DeliveryStatus = channels[channel];
      row.lead = { ...row.lead, [A[channel].status]: to };
      row.state[channel] = {};
      if (to === 'pending') row.inPendingIndex = true;
      released = true;
    }
    return released;
  }
}

/** A lead as the enquiry handler stores it (`L000`, `L001`, …), its channels in the given statuses. */
export function sampleLead(
  i: number,
  delivery: { email?: DeliveryStatus; webhook?: DeliveryStatus } = {},
): NewLead {
  return {
    id: `L${String(i).padStart(3, '0')}`,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
    name: `Visitor ${i}`,
    phone: '044 1234 5678',
    email: `v${i}@example.com`,
    subject: 'SEO',
    message: 'Hi',
    page: null,
    email_status: delivery.email ?? 'pending',
    webhook_status: delivery.webhook ?? 'pending',
    status: 'new',
    spam_reason: null,
    source: 'direct',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    gclid: null,
    landing_page: null,
    referrer: null,
    updated_at: null,
    channel: null,
    country: 'unknown',
    device: null,
    journey: null,
    first_response_at: null,
  };
}
