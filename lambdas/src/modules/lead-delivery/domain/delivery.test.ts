import { describe, expect, it } from 'vitest';
import type { DeliveryStatus } from '@agency/shared';
import type { Logger } from '../../../platform/logger';
import {
  backoffMs,
  deliverLead,
  releaseHeldLead,
  retryPendingDeliveries,
  type LeadDeliveryDeps,
} from './delivery';
import type { WebhookSender } from '../../leads/domain/ports';
import type { Mailer, MailMessage } from './mail';
import { MemoryLeadDelivery, sampleLead } from '../../../../test/support/memory-lead-delivery';

const quiet = () => undefined;
const log: Logger = { debug: quiet, info: quiet, warn: quiet, error: quiet, child: () => log };
const mail = { from: 'site@agency.test', to: 'sales@agency.test', siteUrl: 'https://agency.test' };

function storeWith(
  n: number,
  delivery: { email?: DeliveryStatus; webhook?: DeliveryStatus } = {},
): MemoryLeadDelivery {
  const store = new MemoryLeadDelivery();
  for (let i = 0; i < n; i++) store.add(sampleLead(i, delivery));
  return store;
}

/** A sender that records what it sent, can fail, and can take its time (to let senders race). */
abstract class Recording<T> {
  readonly sent: T[] = [];
  failing = false;
  delayMs = 0;
  protected async accept(item: T): Promise<void> {
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failing) throw new Error('service is down');
    this.sent.push(item);
  }
}
class RecordingMailer extends Recording<MailMessage> implements Mailer {
  send = (message: MailMessage) => this.accept(message);
}
class RecordingWebhook
  extends Recording<{ body: string; headers: Record<string, string> }>
  implements WebhookSender
{
  post = (body: string, headers: Record<string, string>) => this.accept({ body, headers });
}

function depsOf(store: MemoryLeadDelivery, over: Partial<LeadDeliveryDeps> = {}) {
  const mailer = new RecordingMailer();
  const hook = new RecordingWebhook();
  const deps: LeadDeliveryDeps = {
    store,
    mailer,
    mail,
    webhook: { sender: hook, secret: 'a-signing-key-0123456789' },
    log,
    ...over,
  };
  return { deps, mailer, hook };
}

const hookIds = (hook: RecordingWebhook) => hook.sent.map((m) => m.headers['x-lead-id']);

describe('backoffMs', () => {
  it('waits 30 s after the first failure, doubles per attempt and never more than an hour', () => {
    expect([1, 2, 3, 7, 8, 30].map(backoffMs)).toEqual([
      30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('deliverLead', () => {
  it('sends the e-mail and the webhook once each and records both', async () => {
    const store = storeWith(1);
    const { deps, mailer, hook } = depsOf(store);
    await expect(deliverLead(deps, 'L000')).resolves.toEqual({ email: 'sent', webhook: 'sent' });
    expect(mailer.sent.map((m) => m.subject)).toEqual(['New enquiry: SEO from Visitor 0']);
    expect(hookIds(hook)).toEqual(['L000']);
    expect(hook.sent[0]?.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(store.lead('L000')).toMatchObject({
      email_status: 'sent',
      email_attempts: 1,
      webhook_status: 'sent',
      webhook_attempts: 1,
    });
    expect(store.state('L000', 'webhook')?.sentAt).toBeDefined();
    await expect(deliverLead(deps, 'L000')).resolves.toEqual({
      email: 'skipped',
      webhook: 'skipped',
    });
    expect(mailer.sent).toHaveLength(1);
    expect(hook.sent).toHaveLength(1);
  });

  it('sends only the e-mail when no webhook is configured', async () => {
    const store = storeWith(1, { webhook: 'off' });
    const { deps, mailer } = depsOf(store, { webhook: null });
    await expect(deliverLead(deps, 'L000')).resolves.toEqual({ email: 'sent', webhook: 'skipped' });
    expect(mailer.sent).toHaveLength(1);
    expect(store.lead('L000')).toMatchObject({ email_status: 'sent', webhook_status: 'off' });
  });

  it('keeps a failed channel pending with its backoff while the other channel goes out', async () => {
    const store = storeWith(1);
    let now = 1_000_000;
    const { deps, mailer, hook } = depsOf(store, { now: () => now });
    hook.failing = true;
    await expect(deliverLead(deps, 'L000')).resolves.toEqual({ email: 'sent', webhook: 'failed' });
    expect(mailer.sent).toHaveLength(1);
    expect(store.lead('L000')).toMatchObject({ webhook_status: 'pending', webhook_attempts: 1 });
    expect(store.state('L000', 'webhook')).toEqual({
      error: 'Error: service is down',
      until: 1_030_000,
    });
    hook.failing = false;
    now = 1_030_000; // still inside the backoff
    await expect(deliverLead(deps, 'L000')).resolves.toEqual({
      email: 'skipped',
      webhook: 'skipped',
    });
    now = 1_030_001;
    await expect(deliverLead(deps, 'L000')).resolves.toEqual({ email: 'skipped', webhook: 'sent' });
    expect(store.lead('L000')).toMatchObject({ webhook_status: 'sent', webhook_attempts: 2 });
    expect(mailer.sent).toHaveLength(1);
    expect(hook.sent).toHaveLength(1);
  });

  it('waits twice as long after the second failure', async () => {
    const store = storeWith(1);
    let now = 0;
    const { deps, mailer } = depsOf(store, { now: () => now });
    mailer.failing = true;
    await deliverLead(deps, 'L000');
    now = 30_001;
    await expect(deliverLead(deps, 'L000')).resolves.toMatchObject({ email: 'failed' });
    expect(store.state('L000', 'email')?.until).toBe(30_001 + 60_000);
    expect(store.lead('L000')?.email_attempts).toBe(2);
  });

  it('lets only one of two concurrent senders send each channel', async () => {
    const store = storeWith(1);
    const { deps, mailer, hook } = depsOf(store);
    mailer.delayMs = 20;
    hook.delayMs = 20;
    const outcomes = await Promise.all([deliverLead(deps, 'L000'), deliverLead(deps, 'L000')]);
    expect(outcomes.map((o) => o.email).sort()).toEqual(['sent', 'skipped']);
    expect(outcomes.map((o) => o.webhook).sort()).toEqual(['sent', 'skipped']);
    expect(mailer.sent).toHaveLength(1);
    expect(hook.sent).toHaveLength(1);
  });

  it('takes over a channel whose sender died holding the lease once the lease has expired', async () => {
    const store = storeWith(1);
    await store.claim('webhook', 'L000', 'dead-sender', 1_000, 61_000);
    const early = depsOf(store, { now: () => 30_000 });
    await expect(deliverLead(early.deps, 'L000')).resolves.toEqual({
      email: 'sent',
      webhook: 'skipped',
    });
    const late = depsOf(store, { now: () => 61_001 });
    await expect(deliverLead(late.deps, 'L000')).resolves.toEqual({
      email: 'skipped',
      webhook: 'sent',
    });
    // The dead sender's late outcome no longer counts.
    await store.markFailed('webhook', 'L000', 'dead-sender', 'late', 999_999);
    expect(store.lead('L000')).toMatchObject({ webhook_status: 'sent', webhook_attempts: 1 });
  });

  it('never sends a lead held as spam', async () => {
    const store = storeWith(1, { email: 'held', webhook: 'held' });
    const { deps, mailer, hook } = depsOf(store);
    await expect(deliverLead(deps, 'L000')).resolves.toEqual({
      email: 'skipped',
      webhook: 'skipped',
    });
    await expect(retryPendingDeliveries(deps)).resolves.toMatchObject({
      email: { sent: 0 },
      webhook: { sent: 0 },
    });
    expect(mailer.sent).toHaveLength(0);
    expect(hook.sent).toHaveLength(0);
  });
});

describe('releaseHeldLead', () => {
  it('sends a lead leaving spam on every configured channel, once', async () => {
    const store = storeWith(1, { email: 'held', webhook: 'held' });
    const { deps, mailer, hook } = depsOf(store);
    await expect(releaseHeldLead(deps, 'L000')).resolves.toEqual({
      email: 'sent',
      webhook: 'sent',
    });
    await expect(releaseHeldLead(deps, 'L000')).resolves.toEqual({
      email: 'skipped',
      webhook: 'skipped',
    });
    expect(mailer.sent).toHaveLength(1);
    expect(hook.sent).toHaveLength(1);
  });

  it('turns the held webhook off when none is configured any more', async () => {
    const store = storeWith(1, { email: 'held', webhook: 'held' });
    const { deps, mailer } = depsOf(store, { webhook: null });
    await releaseHeldLead(deps, 'L000');
    expect(mailer.sent).toHaveLength(1);
    expect(store.lead('L000')).toMatchObject({ email_status: 'sent', webhook_status: 'off' });
    await expect(store.pendingIds()[Symbol.asyncIterator]().next()).resolves.toMatchObject({
      done: true,
    });
  });
});

describe('retryPendingDeliveries', () => {
  it('sends every pending channel exactly once, even with two runs at the same time', async () => {
    const store = storeWith(30);
    await store.claim('email', 'L005', 't', 0, 1); // an expired lease from a crashed sender
    const { deps, mailer, hook } = depsOf(store);
    mailer.delayMs = 1;
    hook.delayMs = 1;
    const [a, b] = await Promise.all([
      retryPendingDeliveries(deps),
      retryPendingDeliveries(deps, 3),
    ]);
    expect(a.email.sent + b.email.sent).toBe(30);
    expect(a.webhook.sent + b.webhook.sent).toBe(30);
    const all = Array.from({ length: 30 }, (_, i) => `L${String(i).padStart(3, '0')}`);
    expect(hookIds(hook).sort()).toEqual(all);
    expect(mailer.sent.map((m) => m.replyTo[0]).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `v${i}@example.com`).sort(),
    );
    await expect(retryPendingDeliveries(deps)).resolves.toEqual({
      email: { sent: 0, failed: 0, skipped: 0 },
      webhook: { sent: 0, failed: 0, skipped: 0 },
    });
  });

  it('skips channels waiting out their backoff and sends them once it has passed', async () => {
    const store = storeWith(3);
    let now = 0;
    const { deps, hook } = depsOf(store, { now: () => now });
    hook.failing = true;
    await expect(retryPendingDeliveries(deps)).resolves.toEqual({
      email: { sent: 3, failed: 0, skipped: 0 },
      webhook: { sent: 0, failed: 3, skipped: 0 },
    });
    hook.failing = false;
    now = 29_000;
    await expect(retryPendingDeliveries(deps)).resolves.toMatchObject({
      webhook: { sent: 0, failed: 0, skipped: 3 },
    });
    now = 31_000;
    await expect(retryPendingDeliveries(deps)).resolves.toMatchObject({
      webhook: { sent: 3, failed: 0, skipped: 0 },
    });
    expect(hookIds(hook)).toEqual(['L000', 'L001', 'L002']);
  });

  it('stops a channel after ten failures in a row while the other channel carries on', async () => {
    const store = storeWith(25);
    let now = 0;
    const { deps, mailer, hook } = depsOf(store, { now: () => now });
    hook.failing = true;
    await expect(retryPendingDeliveries(deps, 1)).resolves.toEqual({
      email: { sent: 25, failed: 0, skipped: 0 },
      webhook: { sent: 0, failed: 10, skipped: 0 },
    });
    expect(mailer.sent).toHaveLength(25);
    hook.failing = false;
    now = 60_000;
    await expect(retryPendingDeliveries(deps)).resolves.toMatchObject({
      webhook: { sent: 25, failed: 0 },
    });
  });

  it('ends the run early when every channel keeps failing', async () => {
    const store = storeWith(25);
    const { deps, mailer } = depsOf(store, { webhook: null });
    mailer.failing = true;
    await expect(retryPendingDeliveries(deps, 1)).resolves.toEqual({
      email: { sent: 0, failed: 10, skipped: 0 },
      webhook: { sent: 0, failed: 0, skipped: 0 },
    });
  });
});
