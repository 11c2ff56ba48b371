import {
  lead as leadSchema,
  type Lead,
  type LeadDetail,
  type LeadErasure,
  type LeadEvent,
  type LeadStatus,
} from '@agency/shared';
import {
  CHANNELS,
  type LeadFilter,
  type LeadPage,
  type LeadRepository,
  type NewLead,
  type StatusChange,
} from '../../src/modules/leads/domain/ports';
import { searchText } from '../../src/modules/leads/adapters/lead-items';

/**
 * A stored lead with whatever else the item holds (delivery leases, backoff). Public, so a memory
 * delivery store can work on the same rows.
 */
export type LeadRow = Lead & Record<string, unknown>;

/** The lead's own fields, without leases and the like (as the adapter's schema parse does). */
const leadOf = (row: LeadRow): Lead => leadSchema.parse(row);

/** Whether a lead passes the inbox filters, as the DynamoDB queries decide it. */
function matches(lead: Lead, filter: LeadFilter | 'everything'): boolean {
  if (filter === 'everything') return true;
  const day = lead.created_at.slice(0, 10);
  return (
    (filter.status === undefined ? lead.status !== 'spam' : lead.status === filter.status) &&
    (filter.subject === undefined || lead.subject === filter.subject) &&
    (filter.source === undefined || lead.source === filter.source.toLowerCase()) &&
    (filter.from === undefined || day >= filter.from) &&
    (filter.to === undefined || day <= filter.to) &&
    (filter.q === undefined || searchText(lead).includes(filter.q.toLowerCase()))
  );
}

/** An in-memory LeadRepository with the DynamoDB adapter's semantics, for unit tests of the domain. */
export class MemoryLeadRepository implements LeadRepository {
  readonly rows = new Map<string, LeadRow>();
  readonly events = new Map<string, LeadEvent[]>();
  readonly erasures = new Map<string, LeadErasure>();

  async create(lead: NewLead): Promise<void> {
    if (this.rows.has(lead.id)) throw new Error(`lead ${lead.id} exists`);
    this.rows.set(lead.id, { ...lead, email_attempts: 0, webhook_attempts: 0 });
  }

  async get(id: string): Promise<Lead | null> {
    const row = this.rows.get(id);
    return row ? leadOf(row) : null;
  }

  async detail(id: string): Promise<LeadDetail | null> {
    const lead = await this.get(id);
    return lead ? { ...lead, history: [...(this.events.get(id) ?? [])] } : null;
  }

  private list(filter: LeadFilter | 'everything'): Lead[] {
    return [...this.rows.values()]
      .map(leadOf)
      .filter((l) => matches(l, filter))
      .sort((a, b) => `${b.created_at}#${b.id}`.localeCompare(`${a.created_at}#${a.id}`));
  }

  async page(page: number, size: number, filter: LeadFilter = {}): Promise<LeadPage> {
    const all = this.list(filter);
    return { items: all.slice((page - 1) * size, page * size), hasMore: all.length > page * size };
  }

  async *all(filter?: LeadFilter): AsyncIterable<Lead> {
    yield* this.list(filter ?? 'everything');
  }

  async setStatus(
    id: string,
    from: LeadStatus,
    change: StatusChange,
  ): Promise<'changed' | 'conflict' | 'missing'> {
    const row = this.rows.get(id);
    if (!row) return 'missing';
    if (row.status !== from) return 'conflict';
    for (const channel of CHANNELS) {
      const next = change.delivery?.[channel];
      const was = row[`${channel}_status`];
      if (next !== undefined && was !== (next === 'held' ? 'pending' : 'held')) return 'conflict';
    }
    row.status = change.to;
    row.spam_reason = change.to === 'spam' ? 'admin' : null;
    row.updated_at = change.event.at;
    row.first_response_at ??= change.event.at;
    if (change.delivery?.email) row.email_status = change.delivery.email;
    if (change.delivery?.webhook) row.webhook_status = change.delivery.webhook;
    this.events.set(id, [...(this.events.get(id) ?? []), change.event]);
    return 'changed';
  }

  async addNote(id: string, event: LeadEvent): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row) return false;
    row.updated_at = event.at;
    row.first_response_at ??= event.at;
    this.events.set(id, [...(this.events.get(id) ?? []), event]);
    return true;
  }

  async erase(id: string, erasure: LeadErasure): Promise<Lead | null> {
    const row = this.rows.get(id);
    this.events.delete(id);
    if (!row) return null;
    this.erasures.set(id, erasure);
    this.rows.delete(id);
    return leadOf(row);
  }

  async erasure(id: string): Promise<LeadErasure | null> {
    return this.erasures.get(id) ?? null;
  }
}
