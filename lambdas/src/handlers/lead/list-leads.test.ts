import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, LEAD_PAGE_SIZE, type OperationName } from '@agency/shared';
import { startTestStack, type TestStack } from '../../../test/harness';
import { leadRepository } from '../../adapters/lead-repository';
import type { NewLead } from '../../domain/leads';

let stack: TestStack;
let adminToken: string;
const TOTAL = 2 * LEAD_PAGE_SIZE + 5;
/** Ids newest first, as the inbox must list them. */
const newestFirst: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  adminToken = await stack.adminToken();
  const repo = leadRepository();
  const leads: NewLead[] = Array.from({ length: TOTAL }, (_, i) => ({
    id: `LEAD${String(i).padStart(4, '0')}`,
    // Minutes apart, written in shuffled order: the index, not the write order, decides.
    created_at: new Date(Date.UTC(2025, 4, 1, 9, i)).toISOString(),
    name: i === 7 ? '=HYPERLINK("http://evil.example","click")' : `Visitor ${i}`,
    phone: '+1 312 555 0100',
    email: `v${i}@example.com`,
    subject: 'SEO',
    message: i === 3 ? 'Hello, "agency"\nsecond line' : 'Hi',
    page: i % 2 === 0 ? '/seo' : null,
  }));
  const shuffled = [...leads].sort((a, b) => (a.id.charCodeAt(7) % 3) - (b.id.charCodeAt(7) % 3));
  for (const lead of shuffled) await repo.create(lead);
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
    });
  });

  it.each(['0', 'abc', '1.5'])('refuses page=%s with 400 naming page', async (page) => {
    const res = await stack.invoke('listLeads', { token: adminToken, query: { page } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: expect.stringMatching(/^page: /) });
  });
});

describe('exportLeads', () => {
  it('downloads every lead as CSV, newest first, formulas neutralised and RFC 4180 quoted', async () => {
    const res = await stack.invoke('exportLeads', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,name,email,phone,subject,message,page,email_status,email_attempts',
    );
    expect(lines.filter((l) => l.startsWith('LEAD')).map((l) => l.slice(0, 8))).toEqual(
      newestFirst,
    );
    expect(res.body).toContain(
      `LEAD0007,2025-05-01T09:07:00.000Z,"'=HYPERLINK(""http://evil.example"",""click"")",v7@example.com,'+1 312 555 0100,SEO,Hi,,pending,0\r\n`,
    );
    expect(res.body).toContain(
      `LEAD0003,2025-05-01T09:03:00.000Z,Visitor 3,v3@example.com,'+1 312 555 0100,SEO,"Hello, ""agency""\nsecond line",,pending,0\r\n`,
    );
  });
});

describe.each<OperationName>(['listLeads', 'exportLeads'])(
  '%s is for administrators only',
  (name) => {
    it('401 without a token', async () => {
      const res = await stack.invoke(name);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: expect.any(String) });
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
