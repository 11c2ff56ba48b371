import type { Lead } from '@agency/shared';
import type { LeadPage, LeadRepository, NewLead } from '../../src/domain/leads';

interface Row extends Lead {
  sendingUntil?: number;
  leaseToken?: string;
  last_error?: string;
}

/** An in-memory LeadRepository with the DynamoDB adapter's claim semantics, for unit tests of the domain. */
export class MemoryLeadRepository implements LeadRepository {
  readonly rows = new Map<string, Row>();

  async create(lead: NewLead): Promise<void> {
    if (this.rows.has(lead.id)) throw new Error(`lead ${lead.id} exists`);
    this.rows.set(lead.id, { ...lead, email_status: 'pending', email_attempts: 0 });
  }

  private newestFirst(): Row[] {
    return [...this.rows.values()].sort((a, b) =>
      `${b.created_at}#${b.id}`.localeCompare(`${a.created_at}#${a.id}`),
    );
  }

  private static plain({ sendingUntil: _s, leaseToken: _t, last_error: _e, ...lead }: Row): Lead {
    return lead;
  }

  async page(page: number, size: number): Promise<LeadPage> {
    const all = this.newestFirst();
    const items = all.slice((page - 1) * size, page * size).map(MemoryLeadRepository.plain);
    return { items, hasMore: all.length > page * size };
  }

  async *all(): AsyncIterable<Lead> {
    for (const row of this.newestFirst()) yield MemoryLeadRepository.plain(row);
  }

  async *pendingIds(): AsyncIterable<string> {
    for (const row of this.newestFirst().reverse())
      if (row.email_status === 'pending') yield row.id;
  }

  async claim(
    id: string,
    leaseToken: string,
    now: number,
    leaseUntil: number,
  ): Promise<Lead | null> {
    const row = this.rows.get(id);
    if (
      !row ||
      row.email_status !== 'pending' ||
      (row.sendingUntil !== undefined && row.sendingUntil >= now)
    )
      return null;
    row.sendingUntil = leaseUntil;
    row.leaseToken = leaseToken;
    return MemoryLeadRepository.plain(row);
  }

  async markSent(id: string, leaseToken: string): Promise<void> {
    const row = this.rows.get(id);
    if (!row || row.leaseToken !== leaseToken) return;
    row.email_status = 'sent';
    row.email_attempts += 1;
    delete row.sendingUntil;
    delete row.leaseToken;
  }

  async markFailed(id: string, leaseToken: string, reason: string): Promise<void> {
    const row = this.rows.get(id);
    if (!row || row.leaseToken !== leaseToken) return;
    row.email_attempts += 1;
    row.last_error = reason;
    delete row.sendingUntil;
    delete row.leaseToken;
  }
}
