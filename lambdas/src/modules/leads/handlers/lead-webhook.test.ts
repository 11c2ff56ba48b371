import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { solveForForm } from '../../../../test/support/captcha-solver';
import { leadItem } from '../../../../test/support/stored-leads';
import { TestReceiver } from '../../../../test/support/webhook-receiver';
import { leadDeliveryStore } from '../../lead-delivery/adapters/delivery-store';
import { retryPendingLeadEmails } from '../../lead-delivery/jobs/retry-lead-emails';
import { API_TEST_SITE_URL } from '../../../local/provisioning/environment';

/**
 * The webhook end to end: enquiries through createLead reach a real HTTP receiver during the
 * request, a receiver outage is caught up by the retry job once per lead, spam is never sent until
 * an admin says "Not spam".
 */
const SECRET = 'a-webhook-signing-key-0123456789';
const SETTINGS = {
  LEAD_WEBHOOK_SECRET: SECRET,
  CAPTCHA_COST: '10',
  CAPTCHA_MAX_COUNTER: '30',
  // The fill-time check has its own tests; these submit as fast as a test can.
  LEAD_MIN_FILL_MS: '0',
};
const saved = new Map<string, string | undefined>();
let stack: TestStack;
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await TestReceiver.start();
  for (const [k, v] of Object.entries({ ...SETTINGS, LEAD_WEBHOOK_URL: receiver.url })) {
    saved.set(k, process.env[k]);
    process.env[k] = v;
  }
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  for (const [k, v] of saved) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

async function enquire(fields: Record<string, string>): Promise<string> {
  const altcha = await solveForForm((await stack.invoke('getCaptchaChallenge')).json);
  const res = await stack.invoke('createLead', {
    sourceIp: freshIp(),
    multipart: {
      name: 'Grace Hopper',
      phone: '+1 312 555 0100',
      email: 'grace@example.com',
      subject: 'Digital marketing',
      message: 'We would like more leads.',
      page: '/contact-us',
      altcha,
      ...fields,
    },
  });
  expect(res.status, res.body).toBe(201);
  const id: unknown = (res.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (typeof id !== 'string') throw new Error(`no lead id in ${res.body}`);
  return id;
}

const raw = (id: string) => leadItem(stack.clients.doc, stack.env.LEADS_TABLE, id);
const requestsFor = (id: string) => receiver.requests.filter((r) => r.headers['x-lead-id'] === id);
const acceptedFor = (id: string) =>
  receiver.accepted().filter((r) => r.headers['x-lead-id'] === id);
const mailsFor = async (name: string) =>
  (await stack.sesMessages()).filter((m) => m.subject.endsWith(`from ${name}`));

describe('lead webhook', () => {
  it('sends an enquiry from a campaign link to the receiver during the request, signed, with its source', async () => {
    const id = await enquire({
      name: 'Campaign Visitor',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      landing_page: '/blog/seo-basics?utm_source=newsletter',
    });
    const [request] = requestsFor(id);
    expect(request?.status).toBe(204);
    const body = request?.body ?? '';
    expect(request?.headers['x-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
    );
    const adminUrl = `${API_TEST_SITE_URL}/admin/leads/${id}`;
    expect(JSON.parse(body)).toMatchObject({
      text: `New enquiry from Campaign Visitor: Digital marketing\nSource: newsletter (email / spring)\n<${adminUrl}|Open the lead in the admin>`,
      lead: {
        id,
        email: 'grace@example.com',
        source: 'newsletter',
        landing_page: '/blog/seo-basics?utm_source=newsletter',
        admin_url: adminUrl,
      },
    });
    const token = await stack.adminToken();
    const detail = await stack.invoke('getLead', { token, query: { id } });
    expect(detail.json).toMatchObject({
      data: { webhook_status: 'sent', webhook_attempts: 1, email_status: 'sent' },
    });
    expect(await mailsFor('Campaign Visitor')).toHaveLength(1);
  });

  it('answers every enquiry while the receiver is down, then the job delivers each exactly once', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `Outage Person ${i}`);
    receiver.failNext = 9;
    const ids: string[] = [];
    for (const name of names) ids.push(await enquire({ name }));
    for (const id of ids) expect(await raw(id)).toMatchObject({ webhook_status: 'pending' });
    for (const name of names) expect(await mailsFor(name)).toHaveLength(1);

    let clock = Date.now();
    const stillPending = async () => {
      for await (const id of leadDeliveryStore().pendingIds()) if (ids.includes(id)) return true;
      return false;
    };
    for (let round = 0; round < 5 && (await stillPending()); round++) {
      clock += 3_600_000; // past any backoff
      const now = () => clock;
      await Promise.all([retryPendingLeadEmails({ now }), retryPendingLeadEmails({ now })]);
    }
    expect(await stillPending()).toBe(false);
    for (const id of ids) {
      expect(acceptedFor(id)).toHaveLength(1);
      expect(await raw(id)).toMatchObject({ webhook_status: 'sent' });
    }
    for (const name of names) expect(await mailsFor(name)).toHaveLength(1);
  }, 60_000);

  it('never sends spam, and sends it once when an admin marks it not spam', async () => {
    const id = await enquire({ name: 'Honeypot Bot', website: 'http://spam.example' });
    expect(await raw(id)).toMatchObject({
      status: 'spam',
      email_status: 'held',
      webhook_status: 'held',
    });
    await retryPendingLeadEmails({ now: () => Date.now() + 3_600_000 });
    expect(requestsFor(id)).toHaveLength(0);
    expect(await mailsFor('Honeypot Bot')).toHaveLength(0);

    const token = await stack.adminToken();
    const res = await stack.invoke('setLeadStatus', { token, form: { id, status: 'new' } });
    expect(res.status).toBe(200);
    expect(acceptedFor(id)).toHaveLength(1);
    expect(await mailsFor('Honeypot Bot')).toHaveLength(1);
    await retryPendingLeadEmails({ now: () => Date.now() + 7_200_000 });
    expect(requestsFor(id)).toHaveLength(1);
  });
});
