import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { leadItem, putLeadItem, sampleLead } from '../../../../test/support/stored-leads';
import { TestReceiver } from '../../../../test/support/webhook-receiver';
import { resetEnv } from '../../../platform/env';
import { leadRepository } from '../../leads/adapters/lead-repository';
import { UNANSWERED_EVENT } from '../domain/reminder';
import { remindUnanswered } from './remind-unanswered-leads';

/**
 * The 10-hour reminder on the stand-ins: leads stored at a fixed time, the job run with a clock
 * moved past it, the mails read from aws-ses-v2-local and the webhook from a real HTTP receiver.
 */
const saved = { url: process.env.LEAD_WEBHOOK_URL, secret: process.env.LEAD_WEBHOOK_SECRET };
let stack: TestStack;
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await TestReceiver.start();
  process.env.LEAD_WEBHOOK_URL = receiver.url;
  delete process.env.LEAD_WEBHOOK_SECRET;
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  for (const [name, value] of [
    ['LEAD_WEBHOOK_URL', saved.url],
    ['LEAD_WEBHOOK_SECRET', saved.secret],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  resetEnv();
});

const HOUR = 3_600_000;
const ARRIVED = Date.UTC(2026, 3, 1, 8, 0, 0);
const put = (id: string, over: Parameters<typeof sampleLead>[1] = {}) =>
  putLeadItem(
    stack.clients.doc,
    stack.env.LEADS_TABLE,
    sampleLead(id, {
      created_at: new Date(ARRIVED).toISOString(),
      email_status: 'sent',
      webhook_status: 'sent',
      ...over,
    }),
  );
const mailsNaming = async (name: string) =>
  (await stack.sesMessages()).filter((m) => m.subject?.includes(name));
const callsAbout = (id: string) => receiver.accepted().filter((r) => r.headers['x-lead-id'] === id);

describe('remind-unanswered-leads', () => {
  it('names a lead unanswered 10 hours to the team once, by e-mail and webhook; answered and spam leads get none', async () => {
    await put('WAITING', { name: 'Grace Hopper', subject: 'Branding' });
    await put('ANSWERED', { name: 'Answered Person' });
    await leadRepository().addNote('ANSWERED', {
      id: 'N1',
      at: new Date(ARRIVED + HOUR).toISOString(),
      by: { username: 'ada', email: 'ada@agency.example' },
      kind: 'note',
      from: null,
      to: null,
      note: 'called back',
    });
    await put('SPAMMY', { name: 'Spam Bot', status: 'spam', spam_reason: 'honeypot' });

    // Nine hours on: too early for anyone.
    await expect(remindUnanswered({ now: () => ARRIVED + 9 * HOUR })).resolves.toEqual({
      reminded: 0,
      failed: 0,
    });
    expect(await mailsNaming('Grace Hopper')).toHaveLength(0);

    // Two runs at once, ten hours and a bit on: one reminder.
    const now = () => ARRIVED + 10 * HOUR + 60_000;
    const runs = await Promise.all([remindUnanswered({ now }), remindUnanswered({ now })]);
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBe(1);

    const mails = await mailsNaming('Grace Hopper');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Not answered for 10 hours: Grace Hopper, Branding');
    expect(mails[0]?.destination.to).toEqual([stack.env.MAIL_TO]);
    expect(mails[0]?.body.text).toContain('/admin/leads/WAITING');
    const calls = callsAbout('WAITING');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({
      type: UNANSWERED_EVENT,
      lead: { id: 'WAITING', name: 'Grace Hopper', subject: 'Branding' },
    });
    expect(await leadItem(stack.clients.doc, stack.env.LEADS_TABLE, 'WAITING')).toMatchObject({
      reminded_at: new Date(now()).toISOString(),
    });

    // A later run sends nothing more.
    await expect(remindUnanswered({ now: () => ARRIVED + 11 * HOUR })).resolves.toEqual({
      reminded: 0,
      failed: 0,
    });
    expect(await mailsNaming('Grace Hopper')).toHaveLength(1);
    expect(callsAbout('WAITING')).toHaveLength(1);
    expect(await mailsNaming('Answered Person')).toHaveLength(0);
    expect(await mailsNaming('Spam Bot')).toHaveLength(0);
    expect(callsAbout('ANSWERED')).toHaveLength(0);
    expect(callsAbout('SPAMMY')).toHaveLength(0);
  });

  it('logs a failed send and does not try it again', async () => {
    const at = ARRIVED + 2 * 24 * HOUR;
    await put('FAILS', { name: 'Receiver Down', created_at: new Date(at).toISOString() });
    receiver.failNext = 1;
    const now = () => at + 10 * HOUR + 60_000;
    await expect(remindUnanswered({ now })).resolves.toEqual({ reminded: 0, failed: 1 });
    await expect(remindUnanswered({ now: () => now() + HOUR })).resolves.toEqual({
      reminded: 0,
      failed: 0,
    });
    // The e-mail went out; the webhook was tried once and not again.
    expect(await mailsNaming('Receiver Down')).toHaveLength(1);
    expect(receiver.requests.filter((r) => r.headers['x-lead-id'] === 'FAILS')).toHaveLength(1);
  });
});
