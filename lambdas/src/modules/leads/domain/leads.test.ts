import { describe, expect, it } from 'vitest';
import type { Lead, LeadInput } from '@agency/shared';
import type { Logger } from '../../../platform/logger';
import type { LeadStats } from './ports';
import {
  createCaptchaChallenge,
  type CaptchaSettings,
  type ReplayGuard,
} from '../../captcha/domain/captcha';
import { solveForForm } from '../../../../test/support/captcha-solver';
import { spamReasonOf, submitLead } from './leads';
import { MemoryLeadRepository } from '../../../../test/support/memory-lead-repository';
import { LEAD_ID_PATTERN } from './leads-id';
import type { HitCounter } from '../../../platform/rate-limit';

const captcha: CaptchaSettings = {
  hmacKey: 'k'.repeat(32),
  cost: 10,
  maxCounter: 30,
  ttlSeconds: 600,
};

/** Records what the stats were told; `failing` makes every call throw. */
class FakeStats implements LeadStats {
  readonly received: Lead[] = [];
  failing = false;
  async leadReceived(lead: Lead): Promise<void> {
    if (this.failing) throw new Error('stats table down');
    this.received.push(lead);
  }
  async statusChanged(): Promise<void> {}
  async leadErased(): Promise<void> {}
}

const silent: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silent,
};

function deps() {
  const used = new Set<string>();
  const hits: string[] = [];
  const replayGuard: ReplayGuard = {
    useOnce: async (key) => !used.has(key) && Boolean(used.add(key)),
  };
  const rateCounter: HitCounter = { hit: async (key) => hits.push(key) };
  return {
    leads: new MemoryLeadRepository(),
    stats: new FakeStats(),
    captcha,
    replayGuard,
    rateCounter,
    hits,
    webhookConfigured: true,
    minFillMs: 0,
    log: silent,
  };
}

const input = async (over: Partial<LeadInput> = {}): Promise<LeadInput> => ({
  name: 'Ada',
  phone: '044 1234 5678',
  email: 'ada@example.com',
  subject: 'SEO',
  message: 'Hi',
  altcha: await solveForForm(await createCaptchaChallenge(captcha)),
  utm_source: undefined,
  utm_medium: undefined,
  utm_campaign: undefined,
  utm_term: undefined,
  utm_content: undefined,
  gclid: undefined,
  landing_page: undefined,
  referrer: undefined,
  visit_pages: undefined,
  visit_started_at: undefined,
  ...over,
});

describe('submitLead', () => {
  it('stores the lead pending with a time-sortable id and the form page', async () => {
    const d = deps();
    const now = new Date('2025-02-03T04:05:06.000Z');
    const lead = await submitLead(
      { ...d, now: () => now },
      await input({ page: '/seo' }),
      '10.0.0.1',
    );
    expect(lead.id).toMatch(LEAD_ID_PATTERN);
    expect(d.leads.rows.get(lead.id)).toMatchObject({
      created_at: now.toISOString(),
      page: '/seo',
      email_status: 'pending',
      email_attempts: 0,
      name: 'Ada',
    });
    expect(d.hits).toHaveLength(1);
    expect(d.hits[0]).toMatch(/^10\.0\.0\.1#\d+$/);
  });

  it('stores a missing or empty page as null', async () => {
    const d = deps();
    const a = await submitLead(d, await input(), '10.0.0.1');
    const b = await submitLead(d, await input({ page: '' }), '10.0.0.1');
    expect(d.leads.rows.get(a.id)?.page).toBeNull();
    expect(d.leads.rows.get(b.id)?.page).toBeNull();
  });

  it('checks the captcha before counting or storing anything', async () => {
    const d = deps();
    await expect(submitLead(d, await input({ altcha: 'bad' }), '10.0.0.1')).rejects.toMatchObject({
      field: 'altcha',
    });
    expect(d.hits).toHaveLength(0);
    expect(d.leads.rows.size).toBe(0);
  });

  it('stores nothing past the rate limit', async () => {
    const d = deps();
    const limited = { ...d, rateCounter: { hit: async () => 6 } };
    await expect(submitLead(limited, await input(), '10.0.0.1')).rejects.toMatchObject({
      kind: 'too-many-requests',
    });
    expect(d.leads.rows.size).toBe(0);
  });

  it("stores the visit's source fields, null when absent, and the source label they give", async () => {
    const d = deps();
    const lead = await submitLead(
      d,
      await input({
        utm_source: 'Newsletter',
        utm_campaign: 'spring',
        landing_page: '/seo?utm_source=Newsletter',
        referrer: 'https://mail.example/',
      }),
      '10.0.0.1',
    );
    expect(d.leads.rows.get(lead.id)).toMatchObject({
      status: 'new',
      spam_reason: null,
      source: 'newsletter',
      utm_source: 'Newsletter',
      utm_medium: null,
      utm_campaign: 'spring',
      utm_term: null,
      utm_content: null,
      gclid: null,
      landing_page: '/seo?utm_source=Newsletter',
      referrer: 'https://mail.example/',
      email_status: 'pending',
      webhook_status: 'pending',
    });
    expect(d.stats.received.map((l) => l.id)).toEqual([lead.id]);
  });

  it.each([
    [{}, 'direct'],
    [{ gclid: 'abc' }, 'google-ads'],
    [{ referrer: 'https://www.Google.com/search?q=x' }, 'google.com'],
    [{ referrer: '/internal' }, 'direct'],
    [{ utm_source: 'LinkedIn', gclid: 'abc', referrer: 'https://google.com/' }, 'linkedin'],
  ])('labels a visit %j as %s', async (visit, source) => {
    const d = deps();
    const lead = await submitLead(d, await input(visit), '10.0.0.1');
    expect(lead.source).toBe(source);
  });

  it('turns the webhook channel off when no webhook is configured', async () => {
    const d = { ...deps(), webhookConfigured: false };
    const lead = await submitLead(d, await input(), '10.0.0.1');
    expect(d.leads.rows.get(lead.id)).toMatchObject({
      email_status: 'pending',
      webhook_status: 'off',
    });
  });

  it('stores a filled honeypot as spam, held from every channel, with the same answer shape', async () => {
    const d = deps();
    const lead = await submitLead(d, await input({ website: 'http://spam.example' }), '10.0.0.1');
    expect(d.leads.rows.get(lead.id)).toMatchObject({
      status: 'spam',
      spam_reason: 'honeypot',
      email_status: 'held',
      webhook_status: 'held',
    });
    // Spam is counted in the status figures (the stats decide what else to count).
    expect(d.stats.received).toHaveLength(1);
  });

  it('stores a form sent sooner than the minimum fill time after its challenge as spam', async () => {
    const d = { ...deps(), minFillMs: 3000 };
    const issued = new Date('2025-02-03T04:05:00.000Z');
    const altcha = await solveForForm(
      await createCaptchaChallenge({ ...captcha, ttlSeconds: 10 * 365 * 86400 }, issued),
    );
    const fast = await submitLead(
      { ...d, now: () => new Date(issued.getTime() + 2999) },
      await input({ altcha }),
      '10.0.0.1',
    );
    expect(d.leads.rows.get(fast.id)).toMatchObject({ status: 'spam', spam_reason: 'too-fast' });
    const altcha2 = await solveForForm(
      await createCaptchaChallenge({ ...captcha, ttlSeconds: 10 * 365 * 86400 }, issued),
    );
    const human = await submitLead(
      { ...d, now: () => new Date(issued.getTime() + 3000) },
      await input({ altcha: altcha2 }),
      '10.0.0.1',
    );
    expect(d.leads.rows.get(human.id)).toMatchObject({ status: 'new', spam_reason: null });
  });

  it('measures the fill time from the page view’s start, carried into a later challenge', async () => {
    const d = { ...deps(), minFillMs: 3000 };
    const long = { ...captcha, ttlSeconds: 10 * 365 * 86400 };
    const started = new Date('2025-02-03T04:05:00.000Z');
    const first = await createCaptchaChallenge(long, started);
    // 40 s later the widget fetches a new challenge carrying the first one's start, and the form is
    // sent 0.7 s after that: a person who took 40 s, not a bot.
    const refetched = new Date(started.getTime() + 40_000);
    const second = await createCaptchaChallenge(
      long,
      refetched,
      String(first.parameters.data?.start),
    );
    const lead = await submitLead(
      { ...d, now: () => new Date(refetched.getTime() + 700) },
      await input({ altcha: await solveForForm(second) }),
      '10.0.0.1',
    );
    expect(d.leads.rows.get(lead.id)).toMatchObject({ status: 'new', spam_reason: null });
    // Without the start (or with a forged one) the same timing is a bot's.
    const fresh = await createCaptchaChallenge(long, refetched, 'forged.start');
    const bot = await submitLead(
      { ...d, now: () => new Date(refetched.getTime() + 700) },
      await input({ altcha: await solveForForm(fresh) }),
      '10.0.0.2',
    );
    expect(d.leads.rows.get(bot.id)).toMatchObject({ status: 'spam', spam_reason: 'too-fast' });
  });

  it('keeps the lead when the stats cannot count it', async () => {
    const d = deps();
    d.stats.failing = true;
    const lead = await submitLead(d, await input(), '10.0.0.1');
    expect(d.leads.rows.get(lead.id)).toMatchObject({ status: 'new' });
  });
});

describe('spamReasonOf', () => {
  it('ignores a blank honeypot and a challenge without an issue time', () => {
    expect(spamReasonOf({ website: '  ' }, null, 1_000, 3000)).toBeNull();
    expect(spamReasonOf({}, null, 1_000, 3000)).toBeNull();
  });

  it('names the honeypot before the fill time', () => {
    expect(spamReasonOf({ website: 'x' }, 900, 1_000, 3000)).toBe('honeypot');
    expect(spamReasonOf({}, 900, 1_000, 3000)).toBe('too-fast');
    expect(spamReasonOf({}, 900, 1_000, 0)).toBeNull();
  });
});
