import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  AUDIT,
  auditRecord,
  contract,
  operationNames,
  type AuditRecord,
  type OperationName,
} from '@agency/shared';
import { auditItem, DynamoAuditLog } from '../src/platform/staff/audit-log';
import { ensureTable } from '../src/local/provisioning/tables';
import { startTestStack, type TestStack } from './harness';
import { putLeadItem, sampleLead } from './support/stored-leads';

let stack: TestStack;
let adminSub = '';
let editorSub = '';
const IP = '203.0.113.7';
const LEAD_ID = '01J0AUD1T000000000000000L1';

const subOf = (token: string): string => {
  const claims: unknown = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  );
  const sub = typeof claims === 'object' && claims !== null ? Reflect.get(claims, 'sub') : '';
  return typeof sub === 'string' ? sub : '';
};

interface Page {
  results: AuditRecord[];
  next: string | null;
  previous: string | null;
}

/** The audit list through the API, as an admin reads it. */
async function audit(query: Record<string, string | number> = {}): Promise<Page> {
  const res = await stack.invoke('listAudit', {
    token: await stack.adminToken(),
    query: { page: 1, ...query },
  });
  expect(res.status, res.body).toBe(200);
  const page = res.json as Page;
  for (const r of page.results) auditRecord.parse(r);
  return page;
}

/** The records of one action, newest first. */
const recordsOf = async (action: OperationName) => (await audit({ action })).results;

beforeAll(async () => {
  stack = await startTestStack();
  adminSub = subOf(await stack.adminToken());
  editorSub = subOf(await stack.editorToken());
  await putLeadItem(stack.clients.doc, stack.env.LEADS_TABLE, sampleLead(LEAD_ID));
});
afterAll(async () => {
  await stack?.stop();
});

describe('the audit trail records every staff write', () => {
  it('records each kind of write once: who (id and e-mail), what, on what, from where, how it ended', async () => {
    const token = await stack.adminToken();
    const call = async (name: OperationName, options: Parameters<TestStack['invoke']>[1]) => {
      const res = await stack.invoke(name, { token, sourceIp: IP, ...options });
      return res;
    };
    const created = await call('createPost', {
      multipart: { title: 'Audited', slug: 'audited', content: '<p>a</p>' },
    });
    expect(created.status).toBe(201);
    const postId = (created.json as { data: { id: number } }).data.id;
    expect(
      (
        await call('updatePost', {
          form: { id: String(postId), title: 'Audited 2', slug: 'audited', content: '<p>b</p>' },
        })
      ).status,
    ).toBe(200);
    const category = await call('createCategory', { form: { category: 'Audited category' } });
    expect(category.status).toBe(201);
    const categoryId = (category.json as { data: { id: number } }).data.id;
    expect(
      (await call('renameCategory', { form: { id: String(categoryId), category: 'Renamed' } }))
        .status,
    ).toBe(200);
    expect((await call('deleteCategory', { form: { id: String(categoryId) } })).status).toBe(200);
    const author = await call('createAuthor', { json: { name: 'Audited author' } });
    expect(author.status).toBe(201);
    const authorId = (author.json as { data: { id: number } }).data.id;
    const upload = await call('createUpload', {
      json: { filename: 'a.png', content_type: 'image/png', size: 100 },
    });
    expect(upload.status).toBe(201);
    const mediaId = (upload.json as { data: { id: string } }).data.id;
    // Never uploaded: the confirmation fails, and the failure is recorded with its target.
    expect((await call('confirmUpload', { json: { id: mediaId } })).status).toBe(404);
    expect(
      (await call('setLeadStatus', { form: { id: LEAD_ID, status: 'contacted' } })).status,
    ).toBe(200);
    expect((await call('addLeadNote', { form: { id: LEAD_ID, note: 'Called back' } })).status).toBe(
      201,
    );
    expect((await call('exportLeads', {})).status).toBe(200);
    expect((await call('exportLeads', { query: { status: 'contacted' } })).status).toBe(200);
    expect((await call('eraseLead', { form: { id: LEAD_ID } })).status).toBe(200);
    expect((await call('deletePost', { form: { id: String(postId) } })).status).toBe(200);

    const expected: [OperationName, string, string, number][] = [
      ['createPost', `post ${postId}`, 'success', 201],
      ['updatePost', `post ${postId}`, 'success', 200],
      ['deletePost', `post ${postId}`, 'success', 200],
      ['createCategory', `category ${categoryId}`, 'success', 201],
      ['renameCategory', `category ${categoryId}`, 'success', 200],
      ['deleteCategory', `category ${categoryId}`, 'success', 200],
      ['createAuthor', `author ${authorId}`, 'success', 201],
      ['createUpload', `media ${mediaId}`, 'success', 201],
      ['confirmUpload', `media ${mediaId}`, 'failure', 404],
      ['setLeadStatus', `lead ${LEAD_ID}`, 'success', 200],
      ['addLeadNote', `lead ${LEAD_ID}`, 'success', 201],
      ['eraseLead', `lead ${LEAD_ID}`, 'success', 200],
    ];
    for (const [action, target, outcome, status] of expected) {
      const records = await recordsOf(action);
      expect(records, action).toHaveLength(1);
      expect(records[0], action).toMatchObject({
        actor_id: adminSub,
        actor_email: stack.adminEmail,
        action,
        target,
        ip: IP,
        outcome,
        status,
      });
      expect(Date.now() - Date.parse(records[0]?.at ?? '')).toBeLessThan(60_000);
    }
    const exports = await recordsOf('exportLeads');
    expect(exports.map((r) => r.target)).toEqual(['leads status=contacted', 'leads']);
    // Reads are not recorded.
    expect(await recordsOf('listAudit')).toEqual([]);
  });

  it('records a refused editor write as denied, a bad request as failure, and a call without a verified token not at all', async () => {
    const denied = await stack.invoke('eraseLead', {
      token: await stack.editorToken(),
      form: { id: '01J0AUD1T000000000000000L2' },
      sourceIp: IP,
    });
    expect(denied.status).toBe(403);
    const [record] = (await audit({ actor: stack.editorEmail, action: 'eraseLead' })).results;
    expect(record).toMatchObject({
      actor_id: editorSub,
      actor_email: stack.editorEmail,
      target: 'lead 01J0AUD1T000000000000000L2',
      outcome: 'denied',
      status: 403,
    });

    const bad = await stack.invoke('createAuthor', {
      token: await stack.adminToken(),
      json: { name: '' },
    });
    expect(bad.status).toBe(400);
    const failures = await audit({ action: 'createAuthor', outcome: 'failure' });
    expect(failures.results).toHaveLength(1);
    expect(failures.results[0]).toMatchObject({ target: 'author', status: 400 });

    const disabled = await stack.invoke('createAuthor', {
      token: await stack.disabledToken(),
      json: { name: 'From a disabled account' },
    });
    expect(disabled.status).toBe(401);
    const [refusedDisabled] = (await audit({ actor: stack.disabledEmail })).results;
    expect(refusedDisabled).toMatchObject({ action: 'createAuthor', outcome: 'failure' });

    const before = (await recordsOf('createAuthor')).length;
    for (const headers of <Record<string, string>[]>[{}, { authorization: 'Bearer not-a-jwt' }]) {
      const res = await stack.invoke('createAuthor', { headers, json: { name: 'Nobody' } });
      expect(res.status).toBe(401);
    }
    expect(await recordsOf('createAuthor')).toHaveLength(before);
  });

  it('keeps the change when the record cannot be written, and says so in the log only', async () => {
    await stack.clients.dynamo.send(new DeleteTableCommand({ TableName: stack.env.AUDIT_TABLE }));
    try {
      const res = await stack.invoke('createCategory', {
        token: await stack.adminToken(),
        form: { category: 'Written without a record' },
      });
      expect(res.status).toBe(201);
    } finally {
      await ensureTable(stack.clients.dynamo, 'audit', stack.env.AUDIT_TABLE);
    }
    const list = await stack.invoke('listCategories', { token: await stack.adminToken() });
    expect(list.body).toContain('Written without a record');
  });
});

describe('listAudit', () => {
  const SEEDED = 'Seeded.Actor@Example.com';
  const SEEDED_ID = 'seeded-actor-sub';
  const log = new DynamoAuditLog();

  beforeAll(async () => {
    const table = stack.env.AUDIT_TABLE;
    const base = Date.now() - 60 * 60 * 1000;
    // 120 records an hour old, one per second, alternating two actions and three outcomes.
    for (let i = 0; i < 120; i++) {
      const item = auditItem(
        {
          actorId: SEEDED_ID,
          actorEmail: SEEDED,
          action: i % 2 === 0 ? 'updatePost' : 'deleteMedia',
          target: `post ${i}`,
          ip: IP,
          outcome: (['success', 'failure', 'denied'] as const)[i % 3] ?? 'success',
          status: 200,
        },
        new Date(base + i * 1000),
        `seeded-${String(i).padStart(3, '0')}`,
      );
      await stack.clients.doc.send(new PutCommand({ TableName: table, Item: item }));
    }
    // A record past its retention (dynalite has no TTL): never listed.
    const old = new Date(Date.now() - (AUDIT.retentionDays + 1) * 24 * 60 * 60 * 1000);
    await stack.clients.doc.send(
      new PutCommand({
        TableName: table,
        Item: auditItem(
          {
            actorId: SEEDED_ID,
            actorEmail: SEEDED,
            action: 'updatePost',
            target: 'post expired',
            ip: IP,
            outcome: 'success',
            status: 200,
          },
          old,
          'expired',
        ),
      }),
    );
    await log.append({
      actorId: 'other',
      actorEmail: 'other@example.com',
      action: 'updatePost',
      target: 'post other',
      ip: IP,
      outcome: 'success',
      status: 200,
    });
  });

  it('pages one actor (by e-mail, any case) newest first, AUDIT.pageSize a page, with links keeping the filter', async () => {
    const first = await audit({ actor: SEEDED.toUpperCase() });
    expect(first.results).toHaveLength(AUDIT.pageSize);
    expect(first.results[0]?.target).toBe('post 119');
    expect(first.results.map((r) => r.at)).toEqual(
      [...first.results.map((r) => r.at)].sort().reverse(),
    );
    expect(first.previous).toBeNull();
    expect(first.next).toBe(
      `/api/user/audit?actor=${encodeURIComponent(SEEDED.toUpperCase())}&page=2`,
    );
    const third = await audit({ actor: SEEDED, page: 3 });
    expect(third.results).toHaveLength(120 - 2 * AUDIT.pageSize);
    expect(third.results.at(-1)?.target).toBe('post 0');
    expect(third.next).toBeNull();
    expect(third.previous).toContain('page=2');
    expect(third.results.some((r) => r.target === 'post expired')).toBe(false);
  });

  it('filters by account id, action, outcome, and actor and action together', async () => {
    const byId = await audit({ actor: SEEDED_ID, page: 3 });
    expect(byId.results).toHaveLength(20);
    const both = await audit({ actor: SEEDED, action: 'deleteMedia', outcome: 'denied' });
    // Odd i with i % 3 == 2: 5, 11, … 119 → 20 records.
    expect(both.results).toHaveLength(20);
    expect(both.results.every((r) => r.action === 'deleteMedia' && r.outcome === 'denied')).toBe(
      true,
    );
    const action = await audit({ action: 'updatePost' });
    expect(action.results.map((r) => r.target)).toContain('post other');
    expect(action.results.every((r) => r.action === 'updatePost')).toBe(true);
    expect(action.next).toContain('action=updatePost');
    const none = await audit({ actor: 'nobody@example.com' });
    expect(none).toEqual({ results: [], next: null, previous: null });
  });

  it('is the admins’ alone', async () => {
    const res = await stack.invoke('listAudit', {
      token: await stack.editorToken(),
      query: { page: 1 },
    });
    expect(res.status).toBe(403);
  });
});

describe('tampering', () => {
  it('refuses a second write of an existing record’s key under the log’s condition', async () => {
    const item = auditItem(
      {
        actorId: adminSub,
        actorEmail: stack.adminEmail,
        action: 'deletePost',
        target: 'post 1',
        ip: IP,
        outcome: 'success',
        status: 200,
      },
      new Date(),
      'tamper-me',
    );
    const put = (Item: Record<string, unknown>) =>
      stack.clients.doc.send(
        new PutCommand({
          TableName: stack.env.AUDIT_TABLE,
          Item,
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    await put(item);
    await expect(put({ ...item, actorEmail: 'someone-else@example.com' })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    const [kept] = (await audit({ actor: adminSub, action: 'deletePost' })).results.filter(
      (r) => r.id === 'tamper-me',
    );
    expect(kept?.actor_email).toBe(stack.adminEmail);
  });

  it('has no API call that writes, changes or deletes a record: only the GET list', () => {
    const auditOps = operationNames.filter((n) => contract[n].path.startsWith('/api/user/audit'));
    expect(auditOps).toEqual(['listAudit']);
    expect(contract.listAudit.method).toBe('GET');
    // The adapter offers appending only.
    expect(Object.getOwnPropertyNames(DynamoAuditLog.prototype).sort()).toEqual([
      'append',
      'constructor',
    ]);
  });
});

describe('what each record says', () => {
  it('names a post by its title and slug at the time, and tells publish, unpublish and trash apart', async () => {
    const token = await stack.adminToken();
    const post = { title: 'Named in the trail', slug: 'named-in-the-trail', content: '<p>a</p>' };
    const created = await stack.invoke('createPost', {
      token,
      multipart: { ...post, status: 'draft' },
    });
    expect(created.status, created.body).toBe(201);
    const id = String((created.json as { data: { id: number } }).data.id);
    for (const status of ['published', 'draft'])
      expect(
        (await stack.invoke('updatePost', { token, form: { id, ...post, status } })).status,
      ).toBe(200);
    const renamed = { ...post, title: 'Renamed in the trail' };
    expect((await stack.invoke('updatePost', { token, form: { id, ...renamed } })).status).toBe(
      200,
    );
    expect((await stack.invoke('deletePost', { token, form: { id } })).status).toBe(200);

    const ofPost = (records: AuditRecord[]) => records.filter((r) => r.target === `post ${id}`);
    const [createdRecord] = ofPost(await recordsOf('createPost'));
    expect(createdRecord).toMatchObject({
      event: 'created',
      target_label: 'Named in the trail (named-in-the-trail)',
    });
    const updates = ofPost(await recordsOf('updatePost')).reverse();
    expect(updates.map((r) => [r.event, r.target_label])).toEqual([
      ['published', 'Named in the trail (named-in-the-trail)'],
      ['unpublished', 'Named in the trail (named-in-the-trail)'],
      ['updated', 'Renamed in the trail (named-in-the-trail)'],
    ]);
    const [trashed] = ofPost(await recordsOf('deletePost'));
    expect(trashed).toMatchObject({
      event: 'trashed',
      target_label: 'Renamed in the trail (named-in-the-trail)',
    });
  });

  it('names a lead by its name and an upload by its file name', async () => {
    const token = await stack.adminToken();
    const leadId = '01J0AUD1T000000000000000L3';
    await putLeadItem(
      stack.clients.doc,
      stack.env.LEADS_TABLE,
      sampleLead(leadId, { name: 'Priya Raman' }),
    );
    const res = await stack.invoke('setLeadStatus', { token, form: { id: leadId, status: 'won' } });
    expect(res.status, res.body).toBe(200);
    const [status] = (await recordsOf('setLeadStatus')).filter(
      (r) => r.target === `lead ${leadId}`,
    );
    expect(status).toMatchObject({ event: 'won', target_label: 'Priya Raman' });

    const upload = await stack.invoke('createUpload', {
      token,
      json: { filename: 'Team offsite.png', content_type: 'image/png', size: 100 },
    });
    expect(upload.status).toBe(201);
    const [record] = await recordsOf('createUpload');
    expect(record).toMatchObject({ target_label: 'Team offsite.png' });
  });

  it('still lists a record kept before names and events were recorded, as it was', async () => {
    const item = auditItem({
      actorId: adminSub,
      actorEmail: stack.adminEmail,
      action: 'renameAuthor',
      target: 'author 77',
      ip: IP,
      outcome: 'success',
      status: 200,
    });
    await stack.clients.doc.send(new PutCommand({ TableName: stack.env.AUDIT_TABLE, Item: item }));
    const [record] = await recordsOf('renameAuthor');
    expect(record).toMatchObject({ target: 'author 77' });
    expect(record).not.toHaveProperty('target_label');
    expect(record).not.toHaveProperty('event');
  });
});
