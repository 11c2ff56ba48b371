import { describe, expect, it } from 'vitest';
import type { Actor, Lead, LeadStatus } from '@agency/shared';
import type { Logger } from '../../../platform/logger';
import { MemoryLeadRepository } from '../../../../test/support/memory-lead-repository';
import { leadOf } from '../../../../test/support/lead-fixture';
import type { LeadStats, StatusChange } from './ports';
import { addNote, changeStatus, eraseLead, leadDetail, type LeadPipelineDeps } from './pipeline';

const ada: Actor = { username: 'ada', email: 'ada@agency.example' };
const bob: Actor = { username: 'bob', email: 'bob@agency.example' };

class FakeStats implements LeadStats {
  readonly calls: string[] = [];
  failing = false;
  private record(call: string) {
    if (this.failing) return Promise.reject(new Error('stats down'));
    this.calls.push(call);
    return Promise.resolve();
  }
  leadReceived(lead: Lead) {
    return this.record(`received ${lead.id}`);
  }
  statusChanged(lead: Lead, from: LeadStatus, to: LeadStatus) {
    return this.record(`${lead.id} ${from}->${to}`);
  }
  leadErased(lead: Lead) {
    return this.record(`erased ${lead.id}`);
  }
}

const errors: string[] = [];
const log: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (msg) => errors.push(msg),
  child: () => log,
};

function setup(over: Partial<LeadPipelineDeps> = {}) {
  const leads = new MemoryLeadRepository();
  const stats = new FakeStats();
  const released: string[] = [];
  let clock = Date.parse('2025-06-01T10:00:00.000Z');
  const deps: LeadPipelineDeps = {
    leads,
    stats,
    webhookConfigured: true,
    notifyReleased: async (id) => {
      released.push(id);
    },
    log,
    now: () => new Date((clock += 1000)),
    ...over,
  };
  const store = async (fields: Partial<Lead> = {}) => {
    const { email_attempts: _e, webhook_attempts: _w, ...lead } = leadOf(fields);
    await leads.create(lead);
    return lead.id;
  };
  return { deps, leads, stats, released, store };
}

describe('changeStatus', () => {
  it('moves a lead and records who, when, from, to and the note', async () => {
    const { deps, stats, store } = setup();
    const id = await store();
    const out = await changeStatus(deps, ada, id, 'contacted', 'Called, sending a quote');
    expect(out).toMatchObject({ changed: true, released: false });
    expect(out.detail).toMatchObject({
      status: 'contacted',
      updated_at: '2025-06-01T10:00:01.000Z',
      history: [
        {
          at: '2025-06-01T10:00:01.000Z',
          by: ada,
          kind: 'status',
          from: 'new',
          to: 'contacted',
          note: 'Called, sending a quote',
        },
      ],
    });
    expect(stats.calls).toEqual([`${id} new->contacted`]);
  });

  it('changes nothing for the status a lead already has, but keeps the note', async () => {
    const { deps, stats, store } = setup();
    const id = await store({ status: 'qualified' });
    const quiet = await changeStatus(deps, ada, id, 'qualified');
    expect(quiet).toMatchObject({ changed: false, detail: { status: 'qualified', history: [] } });
    const noted = await changeStatus(deps, bob, id, 'qualified', 'Budget confirmed');
    expect(noted.changed).toBe(false);
    expect(noted.detail.history).toEqual([
      expect.objectContaining({ kind: 'note', by: bob, note: 'Budget confirmed', from: null }),
    ]);
    expect(stats.calls).toEqual([]);
  });

  it('"Not spam" releases the held channels and sends the lead', async () => {
    const { deps, leads, released, store } = setup();
    const id = await store({
      status: 'spam',
      spam_reason: 'too-fast',
      email_status: 'held',
      webhook_status: 'held',
    });
    const out = await changeStatus(deps, ada, id, 'new');
    expect(out).toMatchObject({ changed: true, released: true });
    expect(leads.rows.get(id)).toMatchObject({
      status: 'new',
      spam_reason: null,
      email_status: 'pending',
      webhook_status: 'pending',
    });
    expect(released).toEqual([id]);
  });

  it('releases the webhook as off when none is configured now', async () => {
    const { deps, leads, store } = setup({ webhookConfigured: false });
    const id = await store({ status: 'spam', email_status: 'held', webhook_status: 'held' });
    await changeStatus(deps, ada, id, 'contacted');
    expect(leads.rows.get(id)).toMatchObject({ email_status: 'pending', webhook_status: 'off' });
  });

  it('filing a lead as spam holds what has not gone out and never un-sends', async () => {
    const { deps, leads, released, store } = setup();
    const id = await store({ email_status: 'sent', webhook_status: 'pending' });
    const out = await changeStatus(deps, ada, id, 'spam');
    expect(out).toMatchObject({ changed: true, released: false });
    expect(leads.rows.get(id)).toMatchObject({
      status: 'spam',
      spam_reason: 'admin',
      email_status: 'sent',
      webhook_status: 'held',
    });
    // Back out of spam: only the held webhook goes out; the e-mail was sent already.
    await changeStatus(deps, ada, id, 'new');
    expect(leads.rows.get(id)).toMatchObject({ email_status: 'sent', webhook_status: 'pending' });
    expect(released).toEqual([id]);
  });

  it('keeps the change when sending the released lead fails (the retry job sends it)', async () => {
    const { deps, leads, store } = setup({
      notifyReleased: () => Promise.reject(new Error('SES down')),
    });
    const id = await store({ status: 'spam', email_status: 'held', webhook_status: 'off' });
    await expect(changeStatus(deps, ada, id, 'new')).resolves.toMatchObject({ released: true });
    expect(leads.rows.get(id)).toMatchObject({ status: 'new', email_status: 'pending' });
  });

  it('keeps the change when the stats cannot follow', async () => {
    const { deps, stats, leads, store } = setup();
    stats.failing = true;
    const id = await store();
    await changeStatus(deps, ada, id, 'won');
    expect(leads.rows.get(id)?.status).toBe('won');
    expect(errors.at(-1)).toMatch(/stats/);
  });

  it('after a race, applies the change from the status the other admin left', async () => {
    const { deps, leads, store } = setup();
    const id = await store();
    // Bob moves the lead between Ada's read and her write, once.
    let raced = false;
    const racing = Object.assign(Object.create(leads) as MemoryLeadRepository, {
      async setStatus(lid: string, from: LeadStatus, change: StatusChange) {
        if (!raced) {
          raced = true;
          await leads.setStatus(lid, 'new', {
            to: 'contacted',
            event: {
              id: 'E',
              at: '2025-06-01T09:00:00.000Z',
              by: bob,
              kind: 'status',
              from: 'new',
              to: 'contacted',
              note: null,
            },
          });
        }
        return leads.setStatus(lid, from, change);
      },
    });
    const out = await changeStatus({ ...deps, leads: racing }, ada, id, 'qualified');
    expect(out.detail.status).toBe('qualified');
    expect(out.detail.history.map((e) => `${e.by.username}:${e.from}->${e.to}`)).toEqual([
      'bob:new->contacted',
      'ada:contacted->qualified',
    ]);
  });

  it('answers 409 when the lead keeps changing under it', async () => {
    const { deps, leads, store } = setup();
    const id = await store();
    const busy = Object.assign(Object.create(leads) as MemoryLeadRepository, {
      setStatus: async () => 'conflict' as const,
    });
    await expect(changeStatus({ ...deps, leads: busy }, ada, id, 'won')).rejects.toMatchObject({
      kind: 'conflict',
    });
  });

  it('answers 404 for an unknown lead', async () => {
    const { deps } = setup();
    await expect(
      changeStatus(deps, ada, '01J00000000000000000000000', 'won'),
    ).rejects.toMatchObject({
      kind: 'not-found',
      message: 'The lead was not found.',
    });
  });
});

describe('addNote', () => {
  it('appends time-stamped notes signed by their author, oldest first', async () => {
    const { deps, store } = setup();
    const id = await store();
    await addNote(deps, ada, id, 'First call');
    const { detail } = await addNote(deps, bob, id, 'Second call');
    expect(detail.history.map((e) => [e.kind, e.by.email, e.note])).toEqual([
      ['note', 'ada@agency.example', 'First call'],
      ['note', 'bob@agency.example', 'Second call'],
    ]);
    expect(detail.updated_at).toBe(detail.history[1]?.at);
  });
});

describe('eraseLead', () => {
  it('erases the lead and its history, records who erased it, and names the erasure on a 404', async () => {
    const { deps, leads, stats, store } = setup();
    const id = await store({ created_at: '2025-05-01T08:00:00.000Z' });
    await addNote(deps, ada, id, 'Asked to be forgotten');
    await eraseLead(deps, bob, id);
    expect(leads.rows.has(id)).toBe(false);
    expect(leads.events.has(id)).toBe(false);
    expect(await leads.erasure(id)).toEqual({
      id,
      created_at: '2025-05-01T08:00:00.000Z',
      erased_at: '2025-06-01T10:00:02.000Z',
      erased_by: bob,
    });
    expect(stats.calls).toEqual([`erased ${id}`]);
    const gone = `Lead ${id} was erased on 2025-06-01 10:00 UTC by bob@agency.example.`;
    await expect(leadDetail(deps, id)).rejects.toMatchObject({ kind: 'not-found', message: gone });
    await expect(addNote(deps, ada, id, 'x')).rejects.toMatchObject({ message: gone });
    await expect(changeStatus(deps, ada, id, 'won')).rejects.toMatchObject({ message: gone });
    await expect(eraseLead(deps, ada, id)).rejects.toMatchObject({ message: gone });
  });
});
