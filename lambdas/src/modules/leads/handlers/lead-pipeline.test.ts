import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  LEAD_NOTE_MAX,
  lead as leadSchema,
  leadDetail,
  type Lead,
  type LeadDetail,
  type OperationName,
} from '@agency/shared';
import { startTestStack, type TestStack, type InvokeOptions } from '../../../../test/harness';
import { solveForForm } from '../../../../test/support/captcha-solver';
import { leadRepository } from '../adapters/lead-repository';
import { newLeadId } from '../domain/leads-id';
import { overrideEnv, QUICK_ENQUIRIES } from '../../../../test/support/enquiry-env';

let stack: TestStack;
let adminToken: string;
let restoreEnv: () => void;

beforeAll(async () => {
  restoreEnv = overrideEnv(QUICK_ENQUIRIES);
  stack = await startTestStack();
  adminToken = await stack.adminToken();
});
afterAll(async () => {
  await stack?.stop();
  restoreEnv();
});

/** Store a lead as the enquiry path would (sent already unless told), and return its id. */
async function storedLead(over: Partial<Lead> = {}): Promise<string> {
  const id = newLeadId();
  const {
    email_attempts: _e,
    webhook_attempts: _w,
    ...lead
  } = leadSchema.parse({
    id,
    created_at: new Date().toISOString(),
    name: 'Grace Hopper',
    phone: '+1 312 555 0100',
    email: 'grace@example.com',
    subject: 'SEO',
    message: 'Please call me about SEO',
    page: '/contact-us',
    email_status: 'sent',
    email_attempts: 1,
    source: 'newsletter',
    utm_source: 'Newsletter',
    utm_campaign: 'spring',
    landing_page: '/seo?utm_source=Newsletter',
    ...over,
  });
  await leadRepository().create(lead);
  return id;
}

const detailOf = (json: unknown): LeadDetail => {
  if (typeof json !== 'object' || json === null || !('data' in json))
    throw new Error(`no data in ${JSON.stringify(json)}`);
  return leadDetail.parse(json.data);
};

const partition = async (id: string) =>
  (
    await stack.clients.doc.send(
      new QueryCommand({
        TableName: stack.env.LEADS_TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `LEAD#${id}` },
      }),
    )
  ).Items ?? [];

describe('getLead', () => {
  it('answers the lead with its source and an empty history', async () => {
    const id = await storedLead();
    const res = await stack.invoke('getLead', { token: adminToken, query: { id } });
    expect(res.status).toBe(200);
    expect(detailOf(res.json)).toMatchObject({
      id,
      status: 'new',
      source: 'newsletter',
      utm_campaign: 'spring',
      landing_page: '/seo?utm_source=Newsletter',
      email_status: 'sent',
      webhook_status: 'off',
      history: [],
    });
  });

  it('404 for an unknown lead, 400 naming a malformed id', async () => {
    const unknown = await stack.invoke('getLead', {
      token: adminToken,
      query: { id: newLeadId() },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: 'The lead was not found.' });
    const bad = await stack.invoke('getLead', { token: adminToken, query: { id: '../x' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'id: is not a lead id' });
  });
});

describe('setLeadStatus and addLeadNote', () => {
  it('record who moved the lead, when, and their notes, with the admin e-mail', async () => {
    const id = await storedLead();
    const moved = await stack.invoke('setLeadStatus', {
      token: adminToken,
      form: { id, status: 'contacted', note: 'Called, quote on Friday' },
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ message: 'Lead marked contacted.' });
    const noted = await stack.invoke('addLeadNote', {
      token: adminToken,
      json: { id, note: 'Sent the quote' },
    });
    expect(noted.status).toBe(201);
    expect(noted.json).toMatchObject({ message: 'Note added.' });
    const by = { username: expect.any(String), email: stack.adminEmail };
    const detail = detailOf(noted.json);
    expect(detail).toMatchObject({
      status: 'contacted',
      history: [
        { kind: 'status', from: 'new', to: 'contacted', note: 'Called, quote on Friday', by },
        { kind: 'note', from: null, to: null, note: 'Sent the quote', by },
      ],
    });
    expect(detail.updated_at).toBe(detail.history[1]?.at);
    const listed = await stack.invoke('listLeads', {
      token: adminToken,
      query: { status: 'contacted' },
    });
    expect(JSON.stringify(listed.json)).toContain(id);
  });

  it('answers 200 and changes nothing for the status the lead already has', async () => {
    const id = await storedLead({ status: 'won' });
    const res = await stack.invoke('setLeadStatus', {
      token: adminToken,
      form: { id, status: 'won' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: 'The lead is already won.' });
    expect(detailOf(res.json).history).toEqual([]);
  });

  it.each<[OperationName, InvokeOptions['form'], string]>([
    ['setLeadStatus', { status: 'won' }, 'id: is required'],
    ['setLeadStatus', { id: 'VALID', status: 'hot' }, 'status: must be one of'],
    ['setLeadStatus', { id: 'VALID' }, 'status: is required'],
    ['addLeadNote', { id: 'VALID' }, 'note: is required'],
    ['addLeadNote', { id: 'VALID', note: '   ' }, 'note: is required'],
    [
      'addLeadNote',
      { id: 'VALID', note: 'x'.repeat(LEAD_NOTE_MAX + 1) },
      `note: must be at most ${LEAD_NOTE_MAX} characters`,
    ],
  ])('%s refuses %j with 400 naming the field', async (name, form, error) => {
    const id = await storedLead();
    const res = await stack.invoke(name, {
      token: adminToken,
      form: Object.fromEntries(
        Object.entries(form ?? {}).map(([k, v]) => [k, v === 'VALID' ? id : v]),
      ),
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: expect.stringContaining(error) });
    expect(await partition(id)).toHaveLength(1);
  });

  it('404 for a lead that does not exist', async () => {
    const id = newLeadId();
    for (const [name, form] of [
      ['setLeadStatus', { id, status: 'won' }],
      ['addLeadNote', { id, note: 'hello' }],
      ['eraseLead', { id }],
    ] as const) {
      const res = await stack.invoke(name, { token: adminToken, form });
      expect(res.status).toBe(404);
    }
  });
});

describe('"Not spam"', () => {
  it('moves a honeypot lead back to new and e-mails the agency then', async () => {
    const challenge = await stack.invoke('getCaptchaChallenge');
    const created = await stack.invoke('createLead', {
      multipart: {
        name: 'Wrongly Caught',
        phone: '+1 312 555 0100',
        email: 'caught@example.com',
        subject: 'SEO',
        message: 'My password manager filled a field',
        website: 'https://my-site.example',
        altcha: await solveForForm(challenge.json),
      },
      sourceIp: '198.51.100.77',
    });
    expect(created.status).toBe(201);
    const id = detailOfId(created.json);
    const mailed = async () =>
      (await stack.sesMessages()).filter((m) => m.subject.endsWith('from Wrongly Caught'));
    expect(await mailed()).toHaveLength(0);
    const spam = await stack.invoke('listLeads', { token: adminToken, query: { status: 'spam' } });
    expect(JSON.stringify(spam.json)).toContain(id);
    const inbox = await stack.invoke('listLeads', { token: adminToken });
    expect(JSON.stringify(inbox.json)).not.toContain(id);

    const res = await stack.invoke('setLeadStatus', {
      token: adminToken,
      form: { id, status: 'new' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: 'Lead marked new and sent to the team.' });
    expect(detailOf(res.json)).toMatchObject({
      status: 'new',
      spam_reason: null,
      email_status: 'sent',
      history: [{ kind: 'status', from: 'spam', to: 'new' }],
    });
    expect(await mailed()).toHaveLength(1);
  });
});

function detailOfId(json: unknown): string {
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
  throw new Error(`no id in ${JSON.stringify(json)}`);
}

describe('eraseLead', () => {
  it('erases the lead and its notes, keeps who erased it when, and names that on a 404', async () => {
    const id = await storedLead({ name: 'Forget Me', email: 'forget-me@example.com' });
    await stack.invoke('addLeadNote', {
      token: adminToken,
      form: { id, note: 'Asked to be erased' },
    });
    const res = await stack.invoke('eraseLead', { token: adminToken, form: { id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: `Lead ${id} was erased.`, data: { id } });
    expect(await partition(id)).toEqual([]);
    const record = (
      await stack.clients.doc.send(
        new GetCommand({
          TableName: stack.env.LEADS_TABLE,
          Key: { pk: `ERASURE#${id}`, sk: 'ERASURE' },
        }),
      )
    ).Item;
    expect(record).toMatchObject({ id, erased_by: { email: stack.adminEmail } });
    expect(JSON.stringify(record)).not.toMatch(/Forget|forget-me|Asked to be erased|Grace/);

    const gone = await stack.invoke('getLead', { token: adminToken, query: { id } });
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({
      error: expect.stringMatching(
        new RegExp(
          `^Lead ${id} was erased on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC by ${stack.adminEmail}\\.$`,
        ),
      ),
    });
    const exported = await stack.invoke('exportLeads', { token: adminToken });
    expect(exported.body).not.toContain(id);
  });
});

describe.each<OperationName>(['getLead', 'setLeadStatus', 'addLeadNote', 'eraseLead'])(
  '%s is for administrators only',
  (name) => {
    let id: string;
    let options: InvokeOptions;
    beforeAll(async () => {
      id = await storedLead({ name: 'Guarded Lead' });
      options =
        name === 'getLead'
          ? { query: { id } }
          : { form: { id, status: 'lost', note: 'should not be written' } };
    });
    const unchanged = async () => {
      expect(await partition(id)).toHaveLength(1);
      expect((await leadRepository().get(id))?.status).toBe('new');
    };

    it('401 without a token', async () => {
      const res = await stack.invoke(name, options);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ error: expect.any(String) });
      await unchanged();
    });

    it('401 with a garbage token', async () => {
      expect((await stack.invoke(name, { ...options, token: 'not.a.jwt' })).status).toBe(401);
      await unchanged();
    });

    it('403 with a signed-in user outside the admins group', async () => {
      const res = await stack.invoke(name, { ...options, token: await stack.userToken() });
      expect(res.status).toBe(403);
      expect(res.body).not.toContain('Guarded Lead');
      await unchanged();
    });
  },
);
