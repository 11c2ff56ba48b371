import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, lead as leadSchema, LEAD_PAGE_SIZE, type OperationName } from '@agency/shared';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { leadRepository } from '../adapters/lead-repository';
import { DynamoStatsStore } from '../../dashboard/adapters/stats-store';
import type { NewLead } from '../domain/ports';

let stack: TestStack;
let adminToken: string;
const TOTAL = 2 * LEAD_PAGE_SIZE + 5;
const SPAM_IDS = ['SPAM0000', 'SPAM0001', 'SPAM0002'];
/** Ids newest first, as the inbox must list them. */
const newestFirst: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  adminToken = await stack.adminToken();
  const repo = leadRepository();
  const leads: NewLead[] = Array.from({ length: TOTAL }, (_, i) => {
    const {
      email_attempts: _e,
      webhook_attempts: _w,
      ...lead
    } = leadSchema.parse({
      id: `LEAD${String(i).padStart(4, '0')}`,
      // Minutes apart, written in shuffled order: the index, not the write order, decides.
      created_at: new Date(Date.UTC(2025, 4, 1, 9, i)).toISOString(),
      name: i === 7 ? '=HYPERLINK("http://evil.example","click")' : `Visitor ${i}`,
      phone: '+1 312 555 0100',
      email: `v${i}@example.com`,
      subject: 'SEO',
      message: i === 3 ? 'Hello, "agency"\nsecond line' : 'Hi',
      page: i % 2 === 0 ? '/seo' : null,
      email_status: 'pending',
      email_attempts: 0,
      ...(i === 5
        ? {
            utm_source: 'Newsletter',
            utm_campaign: '=cmd',
            source: 'newsletter',
            landing_page: '/seo?utm_source=Newsletter',
          }
        : {}),
    });
    return lead;
  });
  const shuffled = [...leads].sort((a, b) => (a.id.charCodeAt(7) % 3) - (b.id.charCodeAt(7) % 3));
  // Spam the day before: out of the inbox's default view and of its default export.
  const spam = SPAM_IDS.map((id, i) => {
    const {
      email_attempts: _e,
      webhook_attempts: _w,
      ...lead
    } = leadSchema.parse({
      id,
      created_at: new Date(Date.UTC(2025, 3, 30, 9, i)).toISOString(),
      name: `Bot ${i}`,
      phone: '+1 312 555 0199',
      email: `bot${i}@example.com`,
      subject: 'SEO',
      message: 'cheap pills',
      page: null,
      email_attempts: 0,
      status: 'spam',
      spam_reason: 'too-fast',
      email_status: 'held',
      webhook_status: 'held',
    });
    return lead;
  });
  const stats = new DynamoStatsStore();
  for (const lead of [...shuffled, ...spam]) {
    await repo.create(lead);
    await stats.leadReceived({ ...lead, email_attempts: 0, webhook_attempts: 0 });
  }
  newestFirst.push(...leads.map((l) => l.id).reverse());
});
afterAll(async () => {
  await stack?.stop();
});

const idsOf = (json: unknown): string[] => {
  if (
    typeof json !== 'object' ||
    json === null ||
    !('results' in json) ||
    !Array.isArray(json.results)
  )
    throw new Error('not a page');
  return json.results.map((r: unknown) =>
    typeof r === 'object' && r !== null && 'id' in r ? String(r.id) : '',
  );
};

describe('listLeads', () => {
  it('pages newest first with next and previous links', async () => {
    const one = await stack.invoke('listLeads', { token: adminToken });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      next: buildPath('listLeads', {}, { page: 2 }),
      previous: null,
    });
    const two = await stack.invoke('listLeads', { token: adminToken, query: { page: 2 } });
    expect(two.json).toMatchObject({
      next: buildPath('listLeads', {}, { page: 3 }),
      previous: buildPath('listLeads', {}, { page: 1 }),
    });
    const three = await stack.invoke('listLeads', { token: adminToken, query: { page: 3 } });
    expect(three.json).toMatchObject({
      next: null,
      previous: buildPath('listLeads', {}, { page: 2 }),
    });
    expect([...idsOf(one.json), ...idsOf(two.json), ...idsOf(three.json)]).toEqual(newestFirst);
    expect(idsOf(three.json)).toHaveLength(5);
  });

  it('answers every lead field the inbox shows', async () => {
    const one = await stack.invoke('listLeads', { token: adminToken, query: { page: 3 } });
    const oldest = idsOf(one.json).at(-1);
    expect(oldest).toBe('LEAD0000');
    expect(one.json).toMatchObject({
      results: expect.arrayContaining([
        {
          id: 'LEAD0000',
          created_at: '2025-05-01T09:00:00.000Z',
          name: 'Visitor 0',
          phone: '+1 312 555 0100',
          email: 'v0@example.com',
          subject: 'SEO',
          message: 'Hi',
          page: '/seo',
          email_status: 'pending',
          email_attempts: 0,
          webhook_status: 'off',
          webhook_attempts: 0,
          status: 'new',
          spam_reason: null,
          source: 'direct',
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          utm_term: null,
          utm_content: null,
          gclid: null,
          landing_page: null,
          referrer: null,
          updated_at: null,
          channel: null,
          country: 'unknown',
          device: null,
          journey: null,
          first_response_at: null,
        },
      ]),
    });
  });

  it('answers an empty page past the end, with a way back', async () => {
    const res = await stack.invoke('listLeads', { token: adminToken, query: { page: 9 } });
    expect(res.json).toEqual({
      results: [],
      next: null,
      previous: buildPath('listLeads', {}, { page: 8 }),
      counts: expect.any(Object),
    });
  });

  it('says how many leads each status holds, spam included, whatever the view', async () => {
    const counts = { new: TOTAL, contacted: 0, qualified: 0, won: 0, lost: 0, spam: 3 };
    const inbox = await stack.invoke('listLeads', { token: adminToken });
    expect(inbox.json).toMatchObject({ counts });
    expect(idsOf(inbox.json).some((id) => id.startsWith('SPAM'))).toBe(false);
    const spam = await stack.invoke('listLeads', {
      token: adminToken,
      query: { status: 'spam', q: 'bot 1' },
    });
    expect(idsOf(spam.json)).toEqual(['SPAM0001']);
    expect(spam.json).toMatchObject({ counts });
  });

  it('filters and searches, and its page links keep the filters', async () => {
    const query = { from: '2025-05-01', to: '2025-05-01', q: 'visitor' };
    const one = await stack.invoke('listLeads', { token: adminToken, query });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      next: buildPath('listLeads', {}, { ...query, page: 2 }),
      previous: null,
    });
    const two = await stack.invoke('listLeads', {
      token: adminToken,
      query: { ...query, page: 2 },
    });
    expect(two.json).toMatchObject({ previous: buildPath('listLeads', {}, { ...query, page: 1 }) });
    // Every lead but the one whose name is a formula says "Visitor".
    const three = await stack.invoke('listLeads', {
      token: adminToken,
      query: { ...query, page: 3 },
    });
    expect([...idsOf(one.json), ...idsOf(two.json), ...idsOf(three.json)]).toEqual(
      newestFirst.filter((id) => id !== 'LEAD0007'),
    );
    const source = await stack.invoke('listLeads', {
      token: adminToken,
      query: { source: 'Newsletter' },
    });
    expect(idsOf(source.json)).toEqual(['LEAD0005']);
    const none = await stack.invoke('listLeads', {
      token: adminToken,
      query: { status: 'won', from: '2025-05-02' },
    });
    expect(none.json).toEqual({
      results: [],
      next: null,
      previous: null,
      counts: expect.any(Object),
    });
  });

  it.each([
    [{ status: 'hot' }, /^status: must be one of: new, contacted/],
    [{ subject: 'Free money' }, /^subject: must be one of/],
    [{ from: '2025-13-01' }, /^from: must be a date/],
    [{ to: 'yesterday' }, /^to: must be a date/],
    [{ from: '2025-05-02', to: '2025-05-01' }, /^to: must not be before from/],
    [{ q: 'x'.repeat(101) }, /^q: must be at most 100 characters/],
  ])('refuses the filter %j with 400 naming it', async (query, error) => {
    const res = await stack.invoke('listLeads', { token: adminToken, query });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: expect.stringMatching(error) });
  });

  it.each(['0', 'abc', '1.5'])('refuses page=%s with 400 naming page', async (page) => {
    const res = await stack.invoke('listLeads', { token: adminToken, query: { page } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: expect.stringMatching(/^page: /) });
  });
});

describe('exportLeads', () => {
  it('downloads every lead but spam (the inbox default) as CSV, newest first, formulas neutralised and RFC 4180 quoted', async () => {
    const res = await stack.invoke('exportLeads', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,name,email,phone,subject,message,page,email_status,email_attempts,' +
        'status,spam_reason,source,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,' +
        'landing_page,referrer,webhook_status,webhook_attempts,updated_at',
    );
    // Exactly the default view: every lead but spam.
    expect(lines.slice(1, -1).map((l) => l.slice(0, 8))).toEqual(newestFirst);
    expect(res.body).not.toContain('SPAM00');
    expect(res.body).toContain(
      `LEAD0007,2025-05-01T09:07:00.000Z,"'=HYPERLINK(""http://evil.example"",""click"")",v7@example.com,'+1 312 555 0100,SEO,Hi,,pending,0,new,,direct,,,,,,,,,off,0,\r\n`,
    );
    expect(res.body).toContain(
      `LEAD0003,2025-05-01T09:03:00.000Z,Visitor 3,v3@example.com,'+1 312 555 0100,SEO,"Hello, ""agency""\nsecond line",,pending,0,new,,direct,,,,,,,,,off,0,\r\n`,
    );
    expect(res.body).toContain(
      `LEAD0005,2025-05-01T09:05:00.000Z,Visitor 5,v5@example.com,'+1 312 555 0100,SEO,Hi,,pending,0,new,,newsletter,Newsletter,,'=cmd,,,,/seo?utm_source=Newsletter,,off,0,\r\n`,
    );
  });

  it('exports exactly the view of a status filter: spam only when asked for', async () => {
    const rowsOf = async (status: string) => {
      const res = await stack.invoke('exportLeads', { token: adminToken, query: { status } });
      expect(res.status).toBe(200);
      return res.body
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.slice(0, 8));
    };
    expect(await rowsOf('spam')).toEqual([...SPAM_IDS].reverse());
    expect(await rowsOf('new')).toEqual(newestFirst);
    expect(await rowsOf('won')).toEqual([]);
  });

  it('exports only the filtered leads when given the inbox filters', async () => {
    const res = await stack.invoke('exportLeads', {
      token: adminToken,
      query: { source: 'newsletter' },
    });
    expect(res.status).toBe(200);
    expect(res.body.split('\r\n').filter((l) => l.startsWith('LEAD'))).toHaveLength(1);
    expect(res.body).toContain('LEAD0005,');
  });
});

describe.each<OperationName>(['listLeads', 'exportLeads'])(
  '%s is for administrators only',
  (name) => {
    it('401 without a token', async () => {
      const res = await stack.invoke(name);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ error: expect.any(String) });
    });

    it('401 with a garbage token', async () => {
      expect((await stack.invoke(name, { token: 'not.a.jwt' })).status).toBe(401);
    });

    it('403 with a signed-in user outside the admins group', async () => {
      const res = await stack.invoke(name, { token: await stack.userToken() });
      expect(res.status).toBe(403);
      expect(res.body).not.toContain('LEAD00');
    });
  },
);
