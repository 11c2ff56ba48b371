import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { leadItem, putLeadItem, sampleLead } from '../../../../test/support/stored-leads';
import { leadDeliveryStore } from './delivery-store';
import { leadKey } from '../../leads/adapters/lead-items';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const put = (id: string, over: Parameters<typeof sampleLead>[1] = {}) =>
  putLeadItem(stack.clients.doc, stack.env.LEADS_TABLE, sampleLead(id, over));
const raw = (id: string) => leadItem(stack.clients.doc, stack.env.LEADS_TABLE, id);
const pendingIds = async () => {
  const ids: string[] = [];
  for await (const id of leadDeliveryStore().pendingIds()) ids.push(id);
  return ids;
};

describe('DynamoLeadDeliveryStore', () => {
  it('grants each channel to one claimant, refuses others until the lease ends, and ignores a lost lease', async () => {
    const store = leadDeliveryStore();
    await put('LEASE', { webhook_status: 'pending' });
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].map((t) => store.claim('webhook', 'LEASE', t, 1_000, 61_000)),
    );
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
    // The e-mail channel has its own lease.
    expect(await store.claim('email', 'LEASE', 'e', 1_000, 61_000)).toMatchObject({ id: 'LEASE' });
    expect(await store.claim('webhook', 'LEASE', 'late', 60_999, 120_000)).toBeNull();
    const holder = String((await raw('LEASE'))?.webhookLease);
    expect(await store.claim('webhook', 'LEASE', 'next', 61_001, 121_001)).toMatchObject({
      id: 'LEASE',
      webhook_attempts: 0,
    });
    await store.markSent('webhook', 'LEASE', holder, '2025-06-01T08:02:00.000Z');
    expect(await raw('LEASE')).toMatchObject({ webhook_status: 'pending', webhookLease: 'next' });
    await store.markSent('webhook', 'LEASE', 'next', '2025-06-01T08:02:00.000Z');
    const item = await raw('LEASE');
    expect(item).toMatchObject({
      webhook_status: 'sent',
      webhook_attempts: 1,
      webhook_sent_at: '2025-06-01T08:02:00.000Z',
      email_status: 'pending',
      pendingPk: 'PENDING', // the e-mail is still out
    });
    expect(item).not.toHaveProperty('webhookLease');
    expect(item).not.toHaveProperty('webhookUntil');
    await store.markSent('email', 'LEASE', 'e', '2025-06-01T08:02:01.000Z');
    expect(await raw('LEASE')).not.toHaveProperty('pendingPk');
    expect(await store.claim('webhook', 'LEASE', 'again', 9e12, 9e12 + 1)).toBeNull();
  });

  it('keeps a failed channel pending with its backoff, and claims it only once the backoff has passed', async () => {
    const store = leadDeliveryStore();
    await put('FAIL', { email_status: 'sent', webhook_status: 'pending' });
    await store.claim('webhook', 'FAIL', 't', 1_000, 61_000);
    await store.markFailed(
      'webhook',
      'FAIL',
      't',
      'WebhookError: the receiver answered 503',
      31_000,
    );
    expect(await raw('FAIL')).toMatchObject({
      webhook_status: 'pending',
      webhook_attempts: 1,
      webhookUntil: 31_000,
      webhook_error: 'WebhookError: the receiver answered 503',
      pendingPk: 'PENDING',
    });
    expect(await store.claim('webhook', 'FAIL', 'u', 31_000, 91_000)).toBeNull();
    expect(await store.claim('webhook', 'FAIL', 'u', 31_001, 91_001)).toMatchObject({
      webhook_attempts: 1,
    });
    await store.markSent('webhook', 'FAIL', 'u', '2025-06-01T08:03:00.000Z');
    const item = await raw('FAIL');
    expect(item).toMatchObject({ webhook_status: 'sent', webhook_attempts: 2 });
    expect(item).not.toHaveProperty('webhook_error');
    expect(item).not.toHaveProperty('pendingPk');
  });

  it('lists pending leads oldest first and clears a stale pending entry it meets', async () => {
    const at = (m: number) => new Date(Date.UTC(2025, 0, 1, 0, m)).toISOString();
    await put('OLD2', { created_at: at(2) });
    await put('OLD1', { created_at: at(1), email_status: 'sent', webhook_status: 'pending' });
    await put('STALE', { created_at: at(0), webhook_status: 'off' });
    // A sender recorded its send and died before leaving the index.
    await stack.clients.doc.send(
      new UpdateCommand({
        TableName: stack.env.LEADS_TABLE,
        Key: leadKey('STALE'),
        UpdateExpression: 'SET email_status = :sent',
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    );
    const ids = await pendingIds();
    expect(ids.indexOf('OLD1')).toBeLessThan(ids.indexOf('OLD2'));
    expect(ids).not.toContain('STALE');
    expect(await raw('STALE')).not.toHaveProperty('pendingPk');
  });

  it('releases held channels once, to pending or off, and puts the lead back in the pending index', async () => {
    const store = leadDeliveryStore();
    await put('HELD', { email_status: 'held', webhook_status: 'held', status: 'spam' });
    await put('HELD2', { email_status: 'held', webhook_status: 'held', status: 'spam' });
    expect(await pendingIds()).not.toContain('HELD');
    const both = await Promise.all([
      store.release('HELD', { email: 'pending', webhook: 'pending' }),
      store.release('HELD', { email: 'pending', webhook: 'pending' }),
    ]);
    expect(both.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await raw('HELD')).toMatchObject({
      email_status: 'pending',
      webhook_status: 'pending',
      pendingPk: 'PENDING',
    });
    expect(await store.release('HELD', { email: 'pending', webhook: 'pending' })).toBe(false);
    expect(await pendingIds()).toContain('HELD');

    expect(await store.release('HELD2', { email: 'pending', webhook: 'off' })).toBe(true);
    expect(await raw('HELD2')).toMatchObject({ email_status: 'pending', webhook_status: 'off' });
    expect(await store.release('MISSING', { email: 'pending', webhook: 'pending' })).toBe(false);
    expect(await raw('MISSING')).toBeUndefined();
  });

  it('never creates an item for a lead that does not exist', async () => {
    const store = leadDeliveryStore();
    expect(await store.claim('email', 'NOPE', 't', 0, 1)).toBeNull();
    await store.markSent('email', 'NOPE', 't', '2025-01-01T00:00:00.000Z');
    await store.markFailed('email', 'NOPE', 't', 'x', 1);
    expect(await raw('NOPE')).toBeUndefined();
  });
});
