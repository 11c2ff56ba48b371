import { describe, expect, it } from 'vitest';
import type { LeadInput } from '@agency/shared';
import { createCaptchaChallenge, type CaptchaSettings, type ReplayGuard } from './captcha';
import { solveForForm } from '../../test/support/captcha-solver';
import { submitLead } from './leads';
import { MemoryLeadRepository } from '../../test/support/memory-lead-repository';
import { LEAD_ID_PATTERN } from './leads-id';
import type { HitCounter } from './rate-limit';

const captcha: CaptchaSettings = {
  hmacKey: 'k'.repeat(32),
  cost: 10,
  maxCounter: 30,
  ttlSeconds: 600,
};

function deps() {
  const used = new Set<string>();
  const hits: string[] = [];
  const replayGuard: ReplayGuard = {
    useOnce: async (key) => !used.has(key) && Boolean(used.add(key)),
  };
  const rateCounter: HitCounter = { hit: async (key) => hits.push(key) };
  return { leads: new MemoryLeadRepository(), captcha, replayGuard, rateCounter, hits };
}

const input = async (over: Partial<LeadInput> = {}): Promise<LeadInput> => ({
  name: 'Ada',
  phone: '044 1234 5678',
  email: 'ada@example.com',
  subject: 'SEO',
  message: 'Hi',
  altcha: await solveForForm(await createCaptchaChallenge(captcha)),
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
    expect(d.hits[0]).toMatch(/^RATE#10\.0\.0\.1#\d+$/);
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
});
