import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { LEAD_SPAM, LEAD_SUBJECTS } from '@agency/shared';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { resetEnv } from '../../../platform/env';
import {
  challengeSchema,
  createCaptchaChallenge,
  CAPTCHA_MESSAGES,
} from '../../captcha/domain/captcha';
import { solveForForm } from '../../../../test/support/captcha-solver';
import { RATE_LIMIT_MESSAGE } from '../../../platform/rate-limit';
import { LEAD_THANKS } from '../domain/leads';
import { retryPendingLeadEmails } from '../../lead-delivery/jobs/retry-lead-emails';
import { overrideEnv, QUICK_ENQUIRIES } from '../../../../test/support/enquiry-env';

/** A clock for the retry job past the backoff of failed e-mails (at most an hour). */
const hoursLater = (hours: number) => () => Date.now() + hours * 3_600_000;

let stack: TestStack;
let restoreEnv: () => void;

beforeAll(async () => {
  restoreEnv = overrideEnv(QUICK_ENQUIRIES);
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
  restoreEnv();
});

let ipCounter = 0;
/** A fresh client address per test so the rate limit of one test never touches another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function solvedCaptcha(): Promise<string> {
  const res = await stack.invoke('getCaptchaChallenge');
  expect(res.status).toBe(200);
  return solveForForm(res.json);
}

const fields = (
  altcha: string,
  over: Record<string, string | undefined> = {},
): Record<string, string | undefined> => ({
  name: 'Ada Lovelace',
  phone: '+91 98400 12345',
  email: 'ada@example.com',
  subject: 'Website design & development',
  message: 'We need a <b>new</b> site & "fast".\nSecond line.',
  page: '/contact-us',
  altcha,
  ...over,
});

const leadItem = async (id: string) =>
  (
    await stack.clients.doc.send(
      new GetCommand({ TableName: stack.env.LEADS_TABLE, Key: { pk: `LEAD#${id}`, sk: 'LEAD' } }),
    )
  ).Item;

const idOf = (json: unknown): string => {
  if (
    typeof json === 'object' &&
    json !== null &&
    'data' in json &&
    typeof json.data === 'object' &&
    json.data !== null &&
    'id' in json.data &&
    typeof json.data.id === 'string'
  )
    return json.data.id;
  throw new Error(`no lead id in ${JSON.stringify(json)}`);
};

describe('getCaptchaChallenge', () => {
  it('serves a fresh signed challenge in the widget v3 format, never cached', async () => {
    const [a, b] = await Promise.all([
      stack.invoke('getCaptchaChallenge'),
      stack.invoke('getCaptchaChallenge'),
    ]);
    expect(a.json).toMatchObject({
      parameters: { algorithm: 'PBKDF2/SHA-256', cost: 10 },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(a.json).not.toEqual(b.json);
    expect(a.headers['cache-control']).toBe('no-store');
    // Signed: when it was issued, and when the form was started (a first challenge: now), with the
    // token that carries that start into the page view's next challenge.
    expect(a.json).toMatchObject({
      parameters: {
        data: {
          issued_at: expect.closeTo(Date.now(), -4),
          started_at: expect.closeTo(Date.now(), -4),
          start: expect.stringMatching(/^\d+\.[0-9a-f]{64}$/),
        },
      },
    });
  });
});

describe('createLead', () => {
  it('stores the lead, answers 201 and e-mails the agency with the visitor text escaped', async () => {
    const before = (await stack.sesMessages()).length;
    const res = await stack.invoke('createLead', {
      multipart: fields(await solvedCaptcha()),
      sourceIp: freshIp(),
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      data: { id: expect.stringMatching(/^[0-9A-Z]{26}$/) },
      message: LEAD_THANKS,
    });
    const id = idOf(res.json);

    const item = await leadItem(id);
    expect(item).toMatchObject({
      pk: `LEAD#${id}`,
      sk: 'LEAD',
      id,
      name: 'Ada Lovelace',
      phone: '+91 98400 12345',
      email: 'ada@example.com',
      subject: 'Website design & development',
      page: '/contact-us',
      email_status: 'sent',
      email_attempts: 1,
      gsi1pk: 'LEADS',
      gsi1sk: `${String(item?.created_at)}#${id}`,
    });
    expect(item).not.toHaveProperty('pendingPk');
    expect(item).not.toHaveProperty('leaseToken');

    const mails = (await stack.sesMessages()).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('New enquiry: Website design & development from Ada Lovelace');
    expect(mail?.from).toBe(stack.env.MAIL_FROM);
    expect(mail?.destination.to).toEqual([stack.env.MAIL_TO]);
    expect(mail?.replyTo).toEqual(['ada@example.com']);
    expect(mail?.body.html).toContain(
      'We need a &lt;b&gt;new&lt;/b&gt; site &amp; &quot;fast&quot;.',
    );
    expect(mail?.body.html).not.toContain('<b>new</b>');
    // Browsers (and FormData here) send line breaks in form fields as CRLF.
    expect(mail?.body.text).toContain('We need a <b>new</b> site & "fast".\r\nSecond line.');
  });

  it('accepts a urlencoded form too and stores a missing page as null', async () => {
    const form = fields(await solvedCaptcha(), { page: undefined });
    const res = await stack.invoke('createLead', {
      form: Object.fromEntries(
        Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      sourceIp: freshIp(),
    });
    expect(res.status).toBe(201);
    expect(await leadItem(idOf(res.json))).toMatchObject({ page: null, email_status: 'sent' });
  });

  it('stores where the visit came from: campaign parameters, first page and referrer', async () => {
    const res = await stack.invoke('createLead', {
      multipart: fields(await solvedCaptcha(), {
        utm_source: 'Newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring-seo',
        utm_term: 'seo agency',
        utm_content: 'hero-link',
        gclid: 'Cj0KCQ',
        landing_page: '/services/seo?utm_source=Newsletter&utm_campaign=spring-seo',
        referrer: 'https://mail.example.com/inbox',
        page: '/contact-us',
      }),
      sourceIp: freshIp(),
    });
    expect(res.status).toBe(201);
    const item = await leadItem(idOf(res.json));
    expect(item).toMatchObject({
      status: 'new',
      spam_reason: null,
      source: 'newsletter',
      utm_source: 'Newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-seo',
      utm_term: 'seo agency',
      utm_content: 'hero-link',
      gclid: 'Cj0KCQ',
      landing_page: '/services/seo?utm_source=Newsletter&utm_campaign=spring-seo',
      referrer: 'https://mail.example.com/inbox',
      page: '/contact-us',
      gsi2pk: 'STATUS#new',
      webhook_status: 'off',
      search: expect.stringContaining('ada lovelace'),
    });
  });

  it('stores the visit: channel, country, device and journey, shown in the lead detail', async () => {
    const started = new Date(Date.now() - 5 * 60_000).toISOString();
    const res = await stack.invoke('createLead', {
      multipart: fields(await solvedCaptcha(), {
        utm_source: 'newsletter',
        utm_campaign: 'Spring',
        landing_page: '/services/seo?utm_source=newsletter',
        visit_pages: '/services/seo?utm_source=newsletter\n/blog/one\n/contact-us',
        visit_started_at: started,
      }),
      headers: {
        'CloudFront-Viewer-Country': 'ch',
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      },
      sourceIp: freshIp(),
    });
    expect(res.status).toBe(201);
    const id = idOf(res.json);
    const detail = await stack.invoke('getLead', {
      token: await stack.adminToken(),
      query: { id },
    });
    expect(detail.status).toBe(200);
    const lead = (detail.json as { data: Record<string, unknown> }).data;
    expect(lead).toMatchObject({
      channel: 'email',
      country: 'CH',
      device: 'mobile',
      first_response_at: null,
      journey: {
        entry_page: '/services/seo',
        pages: ['/services/seo?utm_source=newsletter', '/blog/one', '/contact-us'],
        started_at: started,
      },
    });
    const journey = lead.journey as { time_to_enquiry_s: number };
    expect(journey.time_to_enquiry_s).toBeGreaterThanOrEqual(299);
    expect(journey.time_to_enquiry_s).toBeLessThan(400);
  });

  it('keeps no time to enquiry for a visit start in the future or over a day old, and no journey when none was sent', async () => {
    for (const started of [
      new Date(Date.now() + 3_600_000).toISOString(),
      new Date(Date.now() - 25 * 3_600_000).toISOString(),
    ]) {
      const res = await stack.invoke('createLead', {
        multipart: fields(await solvedCaptcha(), { visit_started_at: started }),
        sourceIp: freshIp(),
      });
      expect(res.status).toBe(201);
      expect((await leadItem(idOf(res.json)))?.journey).toEqual({
        entry_page: null,
        pages: [],
        started_at: started,
        time_to_enquiry_s: null,
      });
    }
    const plain = await stack.invoke('createLead', {
      multipart: fields(await solvedCaptcha()),
      sourceIp: freshIp(),
    });
    expect(await leadItem(idOf(plain.json))).toMatchObject({
      journey: null,
      channel: 'direct',
      country: 'unknown',
      device: 'desktop',
    });
  });

  it('stores absent source fields as null and labels the lead direct', async () => {
    const res = await stack.invoke('createLead', {
      multipart: fields(await solvedCaptcha(), { utm_source: '', referrer: '' }),
      sourceIp: freshIp(),
    });
    expect(await leadItem(idOf(res.json))).toMatchObject({
      source: 'direct',
      utm_source: null,
      gclid: null,
      landing_page: null,
      referrer: null,
    });
  });

  it('stores a filled honeypot as spam, answers exactly as for any lead, and notifies no one', async () => {
    const before = (await stack.sesMessages()).length;
    const res = await stack.invoke('createLead', {
      multipart: fields(await solvedCaptcha(), { website: 'http://cheap-pills.example' }),
      sourceIp: freshIp(),
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      data: { id: expect.stringMatching(/^[0-9A-Z]{26}$/) },
      message: LEAD_THANKS,
    });
    const item = await leadItem(idOf(res.json));
    expect(item).toMatchObject({
      status: 'spam',
      spam_reason: 'honeypot',
      email_status: 'held',
      webhook_status: 'held',
      gsi2pk: 'STATUS#spam',
    });
    expect(item).not.toHaveProperty('pendingPk');
    await expect(retryPendingLeadEmails({ now: hoursLater(1) })).resolves.toMatchObject({
      email: { sent: 0 },
    });
    expect((await stack.sesMessages()).length).toBe(before);
  });

  describe('with the minimum fill time', () => {
    beforeAll(() => {
      // The default (3 s): the time a person needs at least, measured from the challenge.
      delete process.env.LEAD_MIN_FILL_MS;
      resetEnv();
    });
    afterAll(() => {
      process.env.LEAD_MIN_FILL_MS = '0';
      resetEnv();
    });

    it('files a form sent within seconds of its challenge as spam and notifies no one', async () => {
      const before = (await stack.sesMessages()).length;
      const res = await stack.invoke('createLead', {
        multipart: fields(await solvedCaptcha(), { name: 'Speedy Bot' }),
        sourceIp: freshIp(),
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ message: LEAD_THANKS });
      expect(await leadItem(idOf(res.json))).toMatchObject({
        status: 'spam',
        spam_reason: 'too-fast',
        email_status: 'held',
      });
      expect((await stack.sesMessages()).length).toBe(before);
    });

    it('accepts a form sent after the minimum time', async () => {
      const altcha = await solvedCaptcha();
      await new Promise((resolve) => setTimeout(resolve, LEAD_SPAM.minFillMs + 100));
      const res = await stack.invoke('createLead', {
        multipart: fields(altcha, { name: 'Patient Person' }),
        sourceIp: freshIp(),
      });
      expect(await leadItem(idOf(res.json))).toMatchObject({
        status: 'new',
        spam_reason: null,
        email_status: 'sent',
      });
      const mails = await stack.sesMessages();
      expect(mails.filter((m) => m.subject.endsWith('from Patient Person'))).toHaveLength(1);
    });
  });

  describe('with the minimum fill time, across a new challenge of the same page view', () => {
    beforeAll(() => {
      delete process.env.LEAD_MIN_FILL_MS;
      resetEnv();
    });
    afterAll(() => {
      process.env.LEAD_MIN_FILL_MS = '0';
      resetEnv();
    });

    /** The signed start token a challenge answer carries for the page view's next challenge. */
    const startOf = (json: unknown): string => {
      const parsed = challengeSchema.parse(json);
      const start = parsed.parameters.data?.start;
      if (typeof start !== 'string') throw new Error('no start in the challenge');
      return start;
    };

    it('counts from the first challenge, so a form sent at once after a new one is a person’s, and a forged start is not honoured', async () => {
      // The form's first challenge (the visitor's first focus), for a person and for a bot.
      const [person, bot] = await Promise.all([
        stack.invoke('getCaptchaChallenge'),
        stack.invoke('getCaptchaChallenge'),
      ]);
      // The person fills the form for longer than the minimum…
      await new Promise((resolve) => setTimeout(resolve, LEAD_SPAM.minFillMs + 200));
      // …then the widget fetches a new challenge (after a click, a failed send or expiry), carrying
      // the first one's start; it is solved and sent at once.
      const personStart = startOf(person.json);
      const [stamp, signature] = personStart.split('.');
      const forgedStarts = [
        // The bot's own start moved back by a minute, keeping its signature.
        `${Number(startOf(bot.json).split('.')[0]) - 60_000}.${startOf(bot.json).split('.')[1] ?? ''}`,
        // A start signed with a key of its own.
        `${stamp ?? ''}.${'f'.repeat(signature?.length ?? 64)}`,
      ];
      const again = await stack.invoke('getCaptchaChallenge', { query: { start: personStart } });
      expect(again.status).toBe(200);
      const before = (await stack.sesMessages()).length;
      const res = await stack.invoke('createLead', {
        multipart: fields(await solveForForm(again.json), { name: 'Habitual Clicker' }),
        sourceIp: freshIp(),
      });
      expect(res.status).toBe(201);
      expect(await leadItem(idOf(res.json))).toMatchObject({
        status: 'new',
        spam_reason: null,
        email_status: 'sent',
      });
      const mails = (await stack.sesMessages()).slice(before);
      expect(mails.map((m) => m.subject)).toContain(
        'New enquiry: Website design & development from Habitual Clicker',
      );

      for (const start of forgedStarts) {
        const forged = await stack.invoke('getCaptchaChallenge', { query: { start } });
        expect(forged.status).toBe(200);
        const spam = await stack.invoke('createLead', {
          multipart: fields(await solveForForm(forged.json), { name: 'Forging Bot' }),
          sourceIp: freshIp(),
        });
        expect(spam.status).toBe(201);
        expect(await leadItem(idOf(spam.json))).toMatchObject({
          status: 'spam',
          spam_reason: 'too-fast',
          email_status: 'held',
        });
      }
    });

    it('refuses a start too long to be one with 400 naming it', async () => {
      const res = await stack.invoke('getCaptchaChallenge', { query: { start: 'x'.repeat(201) } });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: expect.stringMatching(/^start: /) });
    });
  });

  describe('refuses bad input with 400 naming the field, and keeps the captcha usable', () => {
    let altcha: string;
    beforeAll(async () => {
      altcha = await solvedCaptcha();
    });
    afterAll(async () => {
      // None of the refused forms used up the solution: it still buys one enquiry.
      const res = await stack.invoke('createLead', {
        multipart: fields(altcha),
        sourceIp: freshIp(),
      });
      expect(res.status).toBe(201);
    });

    it.each(['name', 'phone', 'email', 'subject', 'message', 'altcha'])(
      '%s missing',
      async (field) => {
        const res = await stack.invoke('createLead', {
          multipart: fields(altcha, { [field]: undefined }),
          sourceIp: freshIp(),
        });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({
          error: expect.stringMatching(new RegExp(`^${field}: is required`)),
        });
      },
    );

    it.each([
      ['name', '   ', 'name: is required'],
      ['email', 'not-an-email', 'email: is not a valid e-mail address'],
      ['email', `${'a'.repeat(250)}@example.com`, 'email: must be at most 254 characters'],
      ['phone', '044-CALL-NOW', 'phone: may hold only digits, spaces and + - ( )'],
      ['phone', '12345', 'phone: must be at least 6 characters'],
      ['phone', '1'.repeat(21), 'phone: must be at most 20 characters'],
      ['subject', 'Free money', `subject: must be one of: ${LEAD_SUBJECTS.join(', ')}`],
      ['name', 'x'.repeat(101), 'name: must be at most 100 characters'],
      ['message', 'x'.repeat(5001), 'message: must be at most 5000 characters'],
      ['utm_source', 'x'.repeat(201), 'utm_source: must be at most 200 characters'],
      ['gclid', 'x'.repeat(201), 'gclid: must be at most 200 characters'],
      ['visit_pages', 'contact\n/', 'visit_pages: must hold site paths starting with /'],
      ['visit_pages', '//evil.example/x', 'visit_pages: must hold site paths starting with /'],
      [
        'visit_pages',
        Array.from({ length: 51 }, (_, i) => `/p${i}`).join('\n'),
        'visit_pages: must list at most 50 paths',
      ],
      [
        'visit_pages',
        `/${'x'.repeat(300)}`,
        'visit_pages: must hold paths of at most 300 characters',
      ],
      ['visit_started_at', 'yesterday', 'visit_started_at: must be an ISO date and time'],
      [
        'visit_started_at',
        '2026-13-45T99:00:00Z',
        'visit_started_at: must be an ISO date and time',
      ],
      [
        'landing_page',
        'javascript:alert(1)',
        'landing_page: must be a path starting with / or an http(s) address',
      ],
      [
        'referrer',
        '//evil.example/',
        'referrer: must be a path starting with / or an http(s) address',
      ],
      ['landing_page', `/${'x'.repeat(2000)}`, 'landing_page: must be at most 2000 characters'],
    ])('%s = %j', async (field, value, error) => {
      const res = await stack.invoke('createLead', {
        multipart: fields(altcha, { [field]: value }),
        sourceIp: freshIp(),
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error, field, code: expect.any(String) });
    });

    it('a JSON body (the form speaks multipart or urlencoded) with 415', async () => {
      const res = await stack.invoke('createLead', { json: fields(altcha), sourceIp: freshIp() });
      expect(res.status).toBe(415);
    });
  });

  describe('captcha', () => {
    it('refuses a forged solution', async () => {
      const forged = Buffer.from(
        JSON.stringify({
          challenge: {
            parameters: {
              algorithm: 'PBKDF2/SHA-256',
              nonce: 'ab',
              salt: 'cd',
              cost: 1,
              keyLength: 32,
              keyPrefix: '00',
              keySignature: 'ef',
              expiresAt: 4e9,
            },
            signature: 'a'.repeat(64),
          },
          solution: { counter: 0, derivedKey: '00'.repeat(32) },
        }),
      ).toString('base64');
      const res = await stack.invoke('createLead', {
        multipart: fields(forged),
        sourceIp: freshIp(),
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: `altcha: ${CAPTCHA_MESSAGES.invalid}` });
    });

    it('refuses a challenge signed with another key, and garbage', async () => {
      const otherKey = await solveForForm(
        await createCaptchaChallenge({
          hmacKey: 'z'.repeat(32),
          cost: 10,
          maxCounter: 30,
          ttlSeconds: 600,
        }),
      );
      for (const altcha of [
        otherKey,
        'garbage',
        Buffer.from('{"challenge":null,"solution":null,"test":true}').toString('base64'),
      ]) {
        const res = await stack.invoke('createLead', {
          multipart: fields(altcha),
          sourceIp: freshIp(),
        });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ error: `altcha: ${CAPTCHA_MESSAGES.invalid}` });
      }
    });

    it('refuses an expired challenge', async () => {
      const key = stack.env.CAPTCHA_HMAC_KEY;
      const stale = await solveForForm(
        await createCaptchaChallenge(
          { hmacKey: key, cost: 10, maxCounter: 30, ttlSeconds: 600 },
          new Date(Date.now() - 11 * 60_000),
        ),
      );
      const res = await stack.invoke('createLead', {
        multipart: fields(stale),
        sourceIp: freshIp(),
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: `altcha: ${CAPTCHA_MESSAGES.expired}` });
    });

    it('accepts a solution once and refuses its replay', async () => {
      const altcha = await solvedCaptcha();
      expect(
        (await stack.invoke('createLead', { multipart: fields(altcha), sourceIp: freshIp() }))
          .status,
      ).toBe(201);
      const replay = await stack.invoke('createLead', {
        multipart: fields(altcha),
        sourceIp: freshIp(),
      });
      expect(replay.status).toBe(400);
      expect(replay.json).toMatchObject({
        error: 'altcha: this captcha was already used; solve it again',
      });
    });

    it('lets exactly one of two simultaneous uses of a solution through', async () => {
      const altcha = await solvedCaptcha();
      const results = await Promise.all(
        [1, 2].map(() =>
          stack.invoke('createLead', { multipart: fields(altcha), sourceIp: freshIp() }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    });
  });

  it('allows five enquiries per network in ten minutes, refuses the sixth with 429, and still serves another network', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await stack.invoke('createLead', {
        multipart: fields(await solvedCaptcha()),
        sourceIp: ip,
      });
      expect(res.status).toBe(201);
    }
    const sixth = await stack.invoke('createLead', {
      multipart: fields(await solvedCaptcha()),
      sourceIp: ip,
    });
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ error: RATE_LIMIT_MESSAGE });
    const other = await stack.invoke('createLead', {
      multipart: fields(await solvedCaptcha()),
      sourceIp: freshIp(),
    });
    expect(other.status).toBe(201);
  });

  describe('with SES down', () => {
    it('stores and acknowledges the lead, keeps its e-mail pending, and the retry job sends it once SES is back', async () => {
      await stack.stopSes();
      let id: string;
      try {
        const res = await stack.invoke('createLead', {
          multipart: fields(await solvedCaptcha(), { name: 'Pending Person' }),
          sourceIp: freshIp(),
        });
        expect(res.status).toBe(201);
        expect(res.json).toMatchObject({ message: LEAD_THANKS });
        id = idOf(res.json);
        expect(await leadItem(id)).toMatchObject({
          email_status: 'pending',
          email_attempts: 1,
          pendingPk: 'PENDING',
        });
        // Inside its backoff the job leaves the lead alone; after it, while SES stays down, the job
        // fails again without losing anything.
        await expect(retryPendingLeadEmails()).resolves.toMatchObject({
          email: { sent: 0, skipped: 1 },
        });
        await expect(retryPendingLeadEmails({ now: hoursLater(1) })).resolves.toMatchObject({
          email: { sent: 0 },
        });
        expect(await leadItem(id)).toMatchObject({ email_status: 'pending', email_attempts: 2 });
      } finally {
        await stack.startSes();
      }
      await expect(retryPendingLeadEmails({ now: hoursLater(2) })).resolves.toMatchObject({
        email: { sent: 1, failed: 0 },
      });
      expect(await leadItem(id)).toMatchObject({ email_status: 'sent', email_attempts: 3 });
      expect(await leadItem(id)).not.toHaveProperty('pendingPk');
      await expect(retryPendingLeadEmails({ now: hoursLater(3) })).resolves.toMatchObject({
        email: { sent: 0, failed: 0, skipped: 0 },
      });
      const mails = (await stack.sesMessages()).filter((m) =>
        m.subject.endsWith('from Pending Person'),
      );
      expect(mails).toHaveLength(1);
    });

    it('delivers every lead that arrived during the outage exactly once, even with two retry runs racing', async () => {
      const names = Array.from({ length: 12 }, (_, i) => `Outage Visitor ${i}`);
      const captchas = await Promise.all(names.map(() => solvedCaptcha()));
      await stack.stopSes();
      try {
        const results = await Promise.all(
          names.map((name, i) =>
            stack.invoke('createLead', {
              multipart: fields(captchas[i] ?? '', { name }),
              sourceIp: freshIp(),
            }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(names.map(() => 201));
      } finally {
        await stack.startSes();
      }
      const now = hoursLater(1);
      const [a, b] = await Promise.all([
        retryPendingLeadEmails({ now }),
        retryPendingLeadEmails({ now }),
      ]);
      expect(a.email.sent + b.email.sent).toBe(names.length);
      const delivered = (await stack.sesMessages())
        .map((m) => m.subject)
        .filter((s) => s.includes('Outage Visitor'));
      expect(delivered.sort()).toEqual(
        names.map((n) => `New enquiry: Website design & development from ${n}`).sort(),
      );
    });
  });
});
