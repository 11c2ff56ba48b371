import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { lead as leadSchema, type Lead, type LeadEvent, type LeadStatus } from '@agency/shared';
import { startTestStack, type TestStack } from '../../../../test/harness';
import type { LeadFilter, NewLead } from '../domain/ports';
import { DynamoReplayGuard } from '../../captcha/adapters/captcha-replay';
import { DynamoHitCounter } from '../../../platform/aws/hit-counter';
import { leadRepository } from './lead-repository';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A lead as the enquiry path stores it (attempt counters are the repository's). */
const newLead = (id: string, minute = 0, over: Partial<Lead> = {}): NewLead => {
  const {
    email_attempts: _e,
    webhook_attempts: _w,
    ...lead
  } = leadSchema.parse({
    id,
    created_at: new Date(Date.UTC(2025, 5, 1, 8, minute)).toISOString(),
    name: 'N',
    phone: '0441234567',
    email: 'n@example.com',
    subject: 'SEO',
    message: 'm',
    page: null,
    email_status: 'pending',
    email_attempts: 0,
    webhook_status: 'off',
    ...over,
  });
  return lead;
};
const raw = async (id: string) =>
  (
    await stack.clients.doc.send(
      new GetCommand({ TableName: stack.env.LEADS_TABLE, Key: { pk: `LEAD#${id}`, sk: 'LEAD' } }),
    )
  ).Item;
const partitionOf = async (id: string) =>
  (
    await stack.clients.doc.send(
      new QueryCommand({
        TableName: stack.env.LEADS_TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `LEAD#${id}` },
      }),
    )
  ).Items ?? [];
const event = (id: string, at: string, over: Partial<LeadEvent> = {}): LeadEvent => ({
  id,
  at,
  by: { username: 'ada', email: 'ada@agency.example' },
  kind: 'note',
  from: null,
  to: null,
  note: 'n',
  ...over,
});
const statusEvent = (from: LeadStatus, to: LeadStatus, at = '2025-06-02T09:00:00.000Z') =>
  event(`E${from}${to}`, at, { kind: 'status', from, to, note: null });

describe('DynamoLeadRepository', () => {
  it('never overwrites a stored lead', async () => {
    const repo = leadRepository();
    await repo.create(newLead('DUP'));
    await expect(repo.create({ ...newLead('DUP'), name: 'Other' })).rejects.toThrow();
    expect(await raw('DUP')).toMatchObject({ name: 'N' });
  });

  it('indexes a lead by date and status, searchable, pending only while a channel is', async () => {
    const repo = leadRepository();
    await repo.create(newLead('IDX', 0, { name: 'Ada LOVELACE' }));
    expect(await raw('IDX')).toMatchObject({
      gsi1pk: 'LEADS',
      gsi1sk: '2025-06-01T08:00:00.000Z#IDX',
      gsi2pk: 'STATUS#new',
      pendingPk: 'PENDING',
      email_attempts: 0,
      webhook_attempts: 0,
      search: 'ada lovelace\nn@example.com\nm',
    });
    await repo.create(
      newLead('HELD', 0, { status: 'spam', email_status: 'held', webhook_status: 'held' }),
    );
    expect(await raw('HELD')).not.toHaveProperty('pendingPk');
  });

  it('moves a status only from the status it was read in, with its history entry', async () => {
    const repo = leadRepository();
    await repo.create(newLead('ST'));
    const change = { to: 'contacted' as const, event: statusEvent('new', 'contacted') };
    const [a, b] = await Promise.all([
      repo.setStatus('ST', 'new', change),
      repo.setStatus('ST', 'new', { to: 'won', event: statusEvent('new', 'won') }),
    ]);
    expect([a, b].sort()).toEqual(['changed', 'conflict']);
    const detail = await repo.detail('ST');
    // The loser's history entry was taken back.
    expect(detail?.history).toHaveLength(1);
    expect(detail?.history[0]?.to).toBe(detail?.status);
    expect(await raw('ST')).toMatchObject({
      gsi2pk: `STATUS#${String(detail?.status)}`,
      updated_at: '2025-06-02T09:00:00.000Z',
    });
    expect(await repo.setStatus('NOPE', 'new', change)).toBe('missing');
  });

  it('treats a lead stored before the pipeline (no status, no webhook) as new and off', async () => {
    const repo = leadRepository();
    // The item as the old enquiry path wrote it.
    await stack.clients.doc.send(
      new PutCommand({
        TableName: stack.env.LEADS_TABLE,
        Item: {
          pk: 'LEAD#OLD',
          sk: 'LEAD',
          id: 'OLD',
          created_at: '2024-01-01T00:00:00.000Z',
          name: 'Old Timer',
          phone: '0441234567',
          email: 'old@example.com',
          subject: 'SEO',
          message: 'From before',
          page: null,
          email_status: 'sent',
          email_attempts: 1,
          gsi1pk: 'LEADS',
          gsi1sk: '2024-01-01T00:00:00.000Z#OLD',
        },
      }),
    );
    expect(await repo.get('OLD')).toMatchObject({
      status: 'new',
      source: 'direct',
      webhook_status: 'off',
    });
    const ids = async (filter: LeadFilter) =>
      (await repo.page(1, 50, filter)).items.map((l) => l.id);
    expect(await ids({ status: 'new' })).toContain('OLD');
    expect(await ids({ source: 'direct', q: 'Timer' })).toContain('OLD');
    expect(
      await repo.setStatus('OLD', 'new', {
        to: 'spam',
        event: statusEvent('new', 'spam'),
        delivery: {},
      }),
    ).toBe('changed');
    expect(await raw('OLD')).toMatchObject({
      status: 'spam',
      spam_reason: 'admin',
      gsi2pk: 'STATUS#spam',
    });
    expect(await ids({ status: 'spam' })).toContain('OLD');
  });

  it('holds and releases delivery channels with the status, keeping the pending index exact', async () => {
    const repo = leadRepository();
    await repo.create(
      newLead('REL', 0, { status: 'spam', email_status: 'held', webhook_status: 'held' }),
    );
    expect(
      await repo.setStatus('REL', 'spam', {
        to: 'new',
        event: statusEvent('spam', 'new'),
        delivery: { email: 'pending', webhook: 'off' },
      }),
    ).toBe('changed');
    expect(await raw('REL')).toMatchObject({
      status: 'new',
      spam_reason: null,
      email_status: 'pending',
      webhook_status: 'off',
      pendingPk: 'PENDING',
    });
    // Releasing again finds nothing held: someone else did it, a conflict.
    expect(
      await repo.setStatus('REL', 'new', {
        to: 'contacted',
        event: statusEvent('new', 'contacted'),
        delivery: { email: 'pending' },
      }),
    ).toBe('conflict');
    expect(
      await repo.setStatus('REL', 'new', {
        to: 'spam',
        event: statusEvent('new', 'spam', '2025-06-02T10:00:00.000Z'),
        delivery: { email: 'held' },
      }),
    ).toBe('changed');
    const held = await raw('REL');
    expect(held).toMatchObject({ email_status: 'held', status: 'spam' });
    expect(held).not.toHaveProperty('pendingPk');
    expect((await repo.detail('REL'))?.history.map((e) => e.to)).toEqual(['new', 'spam']);
  });

  it('adds notes only to a lead that exists, oldest first in its history', async () => {
    const repo = leadRepository();
    await repo.create(newLead('NOTE'));
    expect(
      await repo.addNote('NOTE', event('N2', '2025-06-03T10:00:00.000Z', { note: 'second' })),
    ).toBe(true);
    expect(
      await repo.addNote('NOTE', event('N1', '2025-06-02T10:00:00.000Z', { note: 'first' })),
    ).toBe(true);
    expect((await repo.detail('NOTE'))?.history.map((e) => e.note)).toEqual(['first', 'second']);
    expect(await repo.addNote('NONE', event('N3', '2025-06-02T10:00:00.000Z'))).toBe(false);
    expect(await partitionOf('NONE')).toEqual([]);
  });

  it('keeps the first response of staff: the first note or status change, never moved by a later one', async () => {
    const repo = leadRepository();
    await repo.create(newLead('FIRST'));
    expect((await repo.get('FIRST'))?.first_response_at).toBeNull();
    await repo.addNote('FIRST', event('F1', '2025-06-02T10:00:00.000Z'));
    await repo.setStatus('FIRST', 'new', {
      to: 'contacted',
      event: statusEvent('new', 'contacted', '2025-06-02T11:00:00.000Z'),
    });
    await repo.addNote('FIRST', event('F2', '2025-06-02T12:00:00.000Z'));
    expect(await repo.get('FIRST')).toMatchObject({
      first_response_at: '2025-06-02T10:00:00.000Z',
      updated_at: '2025-06-02T12:00:00.000Z',
    });

    await repo.create(newLead('FIRSTS'));
    await repo.setStatus('FIRSTS', 'new', {
      to: 'won',
      event: statusEvent('new', 'won', '2025-06-03T08:00:00.000Z'),
    });
    expect((await repo.get('FIRSTS'))?.first_response_at).toBe('2025-06-03T08:00:00.000Z');
  });

  it('keeps one first response when several staff answer at once', async () => {
    const repo = leadRepository();
    await repo.create(newLead('RACE'));
    const times = Array.from({ length: 8 }, (_, i) => `2025-06-02T10:0${i}:00.000Z`);
    await Promise.all(
      times.map((at, i) =>
        i % 2 === 0
          ? repo.addNote('RACE', event(`R${i}`, at))
          : repo.setStatus('RACE', 'new', {
              to: 'contacted',
              event: statusEvent('new', 'contacted', at),
            }),
      ),
    );
    const first = (await repo.get('RACE'))?.first_response_at;
    expect(times).toContain(first);
    // Later writes leave it: it equals the time of one of the writes that landed, and stays.
    await repo.addNote('RACE', event('RLATE', '2025-06-02T11:00:00.000Z'));
    expect((await repo.get('RACE'))?.first_response_at).toBe(first);
    expect((await raw('RACE'))?.updated_at).toBe('2025-06-02T11:00:00.000Z');
  });

  it('erases a lead and its history, keeps only the erasure record', async () => {
    const repo = leadRepository();
    await repo.create(newLead('ERASE', 0, { name: 'Forget Me', email: 'forget@example.com' }));
    await repo.addNote('ERASE', event('N1', '2025-06-02T10:00:00.000Z', { note: 'call back' }));
    const erasure = {
      id: 'ERASE',
      created_at: '2025-06-01T08:00:00.000Z',
      erased_at: '2025-06-05T10:00:00.000Z',
      erased_by: { username: 'bob', email: 'bob@agency.example' },
    };
    expect(await repo.erase('ERASE', erasure)).toMatchObject({ id: 'ERASE', name: 'Forget Me' });
    expect(await partitionOf('ERASE')).toEqual([]);
    expect(await repo.get('ERASE')).toBeNull();
    expect(await repo.erasure('ERASE')).toEqual(erasure);
    const record = await stack.clients.doc.send(
      new GetCommand({
        TableName: stack.env.LEADS_TABLE,
        Key: { pk: 'ERASURE#ERASE', sk: 'ERASURE' },
      }),
    );
    expect(JSON.stringify(record.Item)).not.toMatch(/Forget|forget@|call back/);
    expect(await repo.erase('ERASE', erasure)).toBeNull();
    expect(await repo.erasure('NEVER')).toBeNull();
  });
});

describe('DynamoLeadRepository lists', () => {
  const repo = () => leadRepository();
  const ids = async (page: number, size: number, filter: LeadFilter = {}) => {
    const out = await repo().page(page, size, filter);
    return { ids: out.items.map((l) => l.id), more: out.hasMore };
  };

  beforeAll(async () => {
    // 30 leads over three days; every third is spam, every fifth from google, a few say "budget".
    for (let i = 0; i < 30; i++) {
      const day = 10 + Math.floor(i / 10);
      await repo().create(
        newLead(`LST${String(i).padStart(2, '0')}`, 0, {
          created_at: new Date(Date.UTC(2025, 6, day, 8, i)).toISOString(),
          status: i % 3 === 0 ? 'spam' : 'new',
          subject: i % 2 === 0 ? 'SEO' : 'Website design & development',
          source: i % 5 === 0 ? 'google' : 'direct',
          message: i % 7 === 0 ? 'Our BUDGET is 5k' : 'Hello',
        }),
      );
    }
  });
  const where = (pred: (i: number) => boolean) =>
    Array.from({ length: 30 }, (_, i) => i)
      .filter(pred)
      .reverse()
      .map((i) => `LST${String(i).padStart(2, '0')}`);
  const inJuly = { from: '2025-07-10', to: '2025-07-12' };

  it('the inbox leaves spam out and fills each page with matches', async () => {
    const want = where((i) => i % 3 !== 0);
    const pages = [await ids(1, 7, inJuly), await ids(2, 7, inJuly), await ids(3, 7, inJuly)];
    expect(pages.flatMap((p) => p.ids)).toEqual(want);
    expect(pages.map((p) => p.ids.length)).toEqual([7, 7, 6]);
    expect(pages.map((p) => p.more)).toEqual([true, true, false]);
  });

  it('filters by status, subject, source, day range and search text, combined', async () => {
    expect((await ids(1, 50, { ...inJuly, status: 'spam' })).ids).toEqual(
      where((i) => i % 3 === 0),
    );
    expect((await ids(1, 50, { ...inJuly, subject: 'SEO', source: 'GOOGLE' })).ids).toEqual(
      where((i) => i % 3 !== 0 && i % 2 === 0 && i % 5 === 0),
    );
    expect((await ids(1, 50, { from: '2025-07-11', to: '2025-07-11' })).ids).toEqual(
      where((i) => i >= 10 && i < 20 && i % 3 !== 0),
    );
    expect((await ids(1, 50, { from: '2025-07-12', status: 'spam' })).ids).toEqual(
      where((i) => i >= 20 && i % 3 === 0),
    );
    expect((await ids(1, 50, { ...inJuly, q: 'budget' })).ids).toEqual(
      where((i) => i % 7 === 0 && i % 3 !== 0),
    );
    expect(await ids(2, 2, { ...inJuly, q: 'budget' })).toEqual({ ids: ['LST07'], more: false });
  });

  it('reads every lead, spam included, without a filter; with one, as the inbox does', async () => {
    const all: string[] = [];
    for await (const l of repo().all()) if (l.id.startsWith('LST')) all.push(l.id);
    expect(all).toEqual(where(() => true));
    const google: string[] = [];
    for await (const l of repo().all({ source: 'google' })) google.push(l.id);
    expect(google).toEqual(where((i) => i % 5 === 0 && i % 3 !== 0));
  });
});

describe('DynamoReplayGuard', () => {
  it('lets exactly one of many concurrent uses through and accepts the key again once its record expired', async () => {
    let now = 1_000_000;
    const guard = new DynamoReplayGuard(stack.clients.doc, stack.env.CONTENT_TABLE, () => now);
    const uses = await Promise.all(
      Array.from({ length: 5 }, () => guard.useOnce('sig-1', 1_000 + 600)),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
    now = 1_700_000;
    await expect(guard.useOnce('sig-1', 2_000)).resolves.toBe(true);
  });
});

describe('DynamoHitCounter', () => {
  it('counts concurrent hits without losing any', async () => {
    const counter = new DynamoHitCounter(stack.clients.doc, stack.env.CONTENT_TABLE);
    const counts = await Promise.all(
      Array.from({ length: 10 }, () => counter.hit('203.0.113.1#1', 99)),
    );
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
