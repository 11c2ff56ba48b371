import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { leadItem, putLeadItem, sampleLead } from '../../../../test/support/stored-leads';
import { TestReceiver } from '../../../../test/support/webhook-receiver';
import { leadDeliveryDeps } from '../deps';
import { leadDeliveryStore } from '../adapters/delivery-store';
import { webhookConfigured } from '../adapters/webhook-sender';
import { deliverLead, releaseHeldLead } from '../domain/delivery';
import { resetEnv } from '../../../platform/env';
import { API_TEST_SITE_URL } from '../../../local/provisioning/environment';
import { publishOverdueDeliveries, retryPendingLeadEmails } from './retry-lead-emails';

/**
 * Lead notifications on the stand-ins with a real HTTP receiver: what createLead does after storing
 * a lead (one attempt per channel), then the scheduled job, with its clock moved past the backoff.
 */
const SECRET = 'a-webhook-signing-key-0123456789';
const saved = {
  url: process.env.LEAD_WEBHOOK_URL,
  secret: process.env.LEAD_WEBHOOK_SECRET,
};
let stack: TestStack;
let receiver: TestReceiver;

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

beforeAll(async () => {
  receiver = await TestReceiver.start();
  process.env.LEAD_WEBHOOK_URL = receiver.url;
  process.env.LEAD_WEBHOOK_SECRET = SECRET;
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  restore('LEAD_WEBHOOK_URL', saved.url);
  restore('LEAD_WEBHOOK_SECRET', saved.secret);
  resetEnv();
});

const put = (id: string, over: Parameters<typeof sampleLead>[1] = {}) =>
  putLeadItem(stack.clients.doc, stack.env.LEADS_TABLE, sampleLead(id, over));
const raw = (id: string) => leadItem(stack.clients.doc, stack.env.LEADS_TABLE, id);
/** What createLead does once the lead is stored. */
const deliver = async (id: string) => deliverLead(await leadDeliveryDeps(), id);
const acceptedIds = () => receiver.accepted().map((r) => String(r.headers['x-lead-id']));
const mailsAbout = async (id: string) =>
  (await stack.sesMessages()).filter((m) => m.body.text?.includes(`Reference: ${id}`));
const pendingIds = async () => {
  const ids: string[] = [];
  for await (const id of leadDeliveryStore().pendingIds()) ids.push(id);
  return ids;
};
const HOUR = 3_600_000;

describe('lead notifications: e-mail and webhook', () => {
  it('reaches the receiver signed, as a Slack message linking to the lead, and e-mails the same link', async () => {
    await put('FIRST', {
      name: 'Ada <Lovelace>',
      subject: 'Branding',
      source: 'google',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
    });
    await expect(deliver('FIRST')).resolves.toEqual({ email: 'sent', webhook: 'sent' });

    const request = receiver.requests.find((r) => r.headers['x-lead-id'] === 'FIRST');
    expect(request?.headers['content-type']).toBe('application/json');
    const expected = createHmac('sha256', SECRET)
      .update(request?.body ?? '')
      .digest('hex');
    expect(request?.headers['x-signature']).toBe(`sha256=${expected}`);
    const link = `${API_TEST_SITE_URL}/admin/leads/FIRST`;
    expect(JSON.parse(request?.body ?? '')).toMatchObject({
      text: `New enquiry from Ada &lt;Lovelace&gt;: Branding\nSource: google (cpc / spring)\n<${link}|Open the lead in the admin>`,
      lead: { id: 'FIRST', name: 'Ada <Lovelace>', source: 'google', admin_url: link },
    });
    expect(await raw('FIRST')).toMatchObject({
      webhook_status: 'sent',
      webhook_attempts: 1,
      email_status: 'sent',
    });

    const [mail] = await mailsAbout('FIRST');
    expect(mail?.body.text).toContain('Source: google (cpc / spring)');
    expect(mail?.body.text).toContain(`Open the lead in the admin: ${link}`);
  });

  it('delivers every lead exactly once after the receiver failed for a while, even with two job runs at once', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `OUTAGE${String(i).padStart(2, '0')}`);
    for (const [i, id] of ids.entries())
      await put(id, { created_at: new Date(Date.UTC(2025, 1, 1, 0, i)).toISOString() });
    receiver.failNext = 27;

    const first = await Promise.all(ids.map(deliver));
    expect(first.map((o) => o.webhook)).toEqual(ids.map(() => 'failed'));
    expect(first.map((o) => o.email)).toEqual(ids.map(() => 'sent'));
    expect(await raw('OUTAGE00')).toMatchObject({
      webhook_status: 'pending',
      webhook_attempts: 1,
      webhook_error: 'WebhookError: the receiver answered 503 Service Unavailable',
      pendingPk: 'PENDING',
    });

    // Inside the backoff the job leaves them alone.
    const early = await retryPendingLeadEmails();
    expect(early.webhook).toMatchObject({ sent: 0, failed: 0, skipped: 20 });

    let clock = Date.now();
    for (let round = 0; round < 6 && (await pendingIds()).some((id) => ids.includes(id)); round++) {
      clock += HOUR; // past any backoff
      const now = () => clock;
      await Promise.all([retryPendingLeadEmails({ now }), retryPendingLeadEmails({ now })]);
    }
    expect((await pendingIds()).filter((id) => ids.includes(id))).toEqual([]);
    expect(receiver.failNext).toBe(0);
    const delivered = acceptedIds().filter((id) => ids.includes(id));
    expect(delivered.sort()).toEqual(ids);
    for (const id of ids) expect(await mailsAbout(id)).toHaveLength(1);
    const attempts = await Promise.all(ids.map(async (id) => (await raw(id))?.webhook_attempts));
    expect(attempts.reduce((a, b) => Number(a) + Number(b), 0)).toBe(27 + 20);
  }, 60_000);

  it('sends the webhook while SES is down, and the e-mail while the receiver is down', async () => {
    await put('NOSES');
    await stack.stopSes();
    try {
      await expect(deliver('NOSES')).resolves.toEqual({ email: 'failed', webhook: 'sent' });
    } finally {
      await stack.startSes();
    }
    const summary = await retryPendingLeadEmails({ now: () => Date.now() + HOUR });
    expect(summary.email.sent).toBeGreaterThanOrEqual(1);
    expect(await mailsAbout('NOSES')).toHaveLength(1);
    expect(acceptedIds().filter((id) => id === 'NOSES')).toHaveLength(1);
    expect(await raw('NOSES')).not.toHaveProperty('pendingPk');

    await put('NOHOOK');
    receiver.status = 500;
    try {
      await expect(deliver('NOHOOK')).resolves.toEqual({ email: 'sent', webhook: 'failed' });
    } finally {
      receiver.status = 204;
    }
    expect(await mailsAbout('NOHOOK')).toHaveLength(1);
    expect(await raw('NOHOOK')).toMatchObject({ webhook_status: 'pending', pendingPk: 'PENDING' });
  });

  it('never notifies a lead held as spam, and notifies it once when it is released', async () => {
    await put('SPAM', {
      status: 'spam',
      spam_reason: 'honeypot',
      email_status: 'held',
      webhook_status: 'held',
    });
    await expect(deliver('SPAM')).resolves.toEqual({ email: 'skipped', webhook: 'skipped' });
    await retryPendingLeadEmails({ now: () => Date.now() + HOUR });
    expect(receiver.requests.filter((r) => r.headers['x-lead-id'] === 'SPAM')).toHaveLength(0);
    expect(await mailsAbout('SPAM')).toHaveLength(0);

    const deps = await leadDeliveryDeps();
    const outcomes = await Promise.all([
      releaseHeldLead(deps, 'SPAM'),
      releaseHeldLead(deps, 'SPAM'),
    ]);
    expect(outcomes.filter((o) => o.webhook === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o.email === 'sent')).toHaveLength(1);
    expect(acceptedIds().filter((id) => id === 'SPAM')).toHaveLength(1);
    expect(await mailsAbout('SPAM')).toHaveLength(1);
  });

  it('with no webhook configured, e-mails only and leaves the webhook off', async () => {
    delete process.env.LEAD_WEBHOOK_URL;
    delete process.env.LEAD_WEBHOOK_SECRET;
    resetEnv();
    try {
      await expect(webhookConfigured()).resolves.toBe(false);
      expect((await leadDeliveryDeps()).webhook).toBeNull();
      await put('OFF', { webhook_status: 'off' });
      const before = receiver.requests.length;
      await expect(deliver('OFF')).resolves.toEqual({ email: 'sent', webhook: 'skipped' });
      expect(await raw('OFF')).toMatchObject({ email_status: 'sent', webhook_status: 'off' });
      expect(await raw('OFF')).not.toHaveProperty('pendingPk');
      expect(receiver.requests.length).toBe(before);
    } finally {
      process.env.LEAD_WEBHOOK_URL = receiver.url;
      process.env.LEAD_WEBHOOK_SECRET = SECRET;
      resetEnv();
    }
  });
});

describe('deliveries still pending after 30 minutes', () => {
  it('are counted by the job and published as an embedded metric', async () => {
    const now = Date.UTC(2026, 10, 25, 12, 0);
    const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
    const before = await leadDeliveryStore().countPendingBefore(minutesAgo(30));
    await put('OVERDUE1', { created_at: minutesAgo(31) });
    await put('OVERDUE2', { created_at: minutesAgo(90), webhook_status: 'off' });
    await put('RECENT', { created_at: minutesAgo(29) });
    await put('OLDSENT', {
      created_at: minutesAgo(120),
      email_status: 'sent',
      webhook_status: 'sent',
    });
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await expect(publishOverdueDeliveries(now)).resolves.toBe(before + 2);
      const lines = out.mock.calls.map(([c]) => JSON.parse(String(c)) as Record<string, unknown>);
      expect(lines.find((l) => 'LeadDeliveriesPendingOver30Min' in l)).toMatchObject({
        job: 'retry-lead-emails',
        LeadDeliveriesPendingOver30Min: before + 2,
        _aws: {
          CloudWatchMetrics: [
            {
              Dimensions: [[]],
              Metrics: [{ Name: 'LeadDeliveriesPendingOver30Min', Unit: 'Count' }],
            },
          ],
        },
      });
    } finally {
      out.mockRestore();
    }
  });
});
