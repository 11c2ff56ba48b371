import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PRESENCE_TTL_SECONDS,
  type PageRevisionSummary,
  type PresenceEntry,
  type SitePage,
  type SitePageSummary,
} from '@agency/shared';
import { DynamoPageStore } from '../src/modules/pages/adapters/page-store';
import { seedPages } from '../src/modules/pages/domain/seed';
import type { TestStack } from './harness';
import { SEED } from './pages/fixture';
import { stackForFile } from './stack-for-file';

let stack: TestStack;
let admin = '';
let editor = '';
stackForFile((started) => ({ stack, token: admin } = started), { signInAdmin: true });

const subOf = (token: string): string =>
  String(
    Reflect.get(
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as object,
      'sub',
    ),
  );
const dataOf = <T>(json: unknown) => (json as { data: T }).data;

async function beat(token: string, subject: string): Promise<PresenceEntry[]> {
  const res = await stack.invoke('heartbeatPresence', { token, json: { subject } });
  expect(res.status, res.body).toBe(200);
  return dataOf<PresenceEntry[]>(res.json);
}

beforeAll(async () => {
  editor = await stack.editorToken();
  // Display names, set the way the account page sets them.
  for (const [token, name] of [
    [admin, 'Ada Admin'],
    [editor, 'Erin Editor'],
  ] as const) {
    const named = await stack.invoke('setDisplayName', { token, json: { name } });
    expect(named.status, named.body).toBe(200);
  }
});

describe('who else is editing', () => {
  it('answers the others with the subject open, by name, never the caller', async () => {
    expect(await beat(admin, 'page:/about')).toEqual([]);
    const seenByEditor = await beat(editor, 'page:/about');
    expect(seenByEditor).toMatchObject([{ user: subOf(admin), user_name: 'Ada Admin' }]);
    expect(Date.parse(seenByEditor[0]?.seen_at ?? '')).toBeGreaterThan(Date.now() - 10_000);
    const seenByAdmin = await beat(admin, 'page:/about');
    expect(seenByAdmin.map((e) => e.user)).toEqual([subOf(editor)]);
    expect(seenByAdmin[0]?.user_name).toBe('Erin Editor');
    // Another subject is another room.
    expect(await beat(editor, 'page:/contact-us')).toEqual([]);
    expect(await beat(admin, 'settings')).toEqual([]);
  });

  it('clears someone at once when their tab says goodbye', async () => {
    await beat(admin, 'post:7');
    expect((await beat(editor, 'post:7')).map((e) => e.user)).toEqual([subOf(admin)]);
    const bye = await stack.invoke('leavePresence', { token: admin, json: { subject: 'post:7' } });
    expect(bye.status, bye.body).toBe(200);
    expect(await beat(editor, 'post:7')).toEqual([]);
  });

  it('leaves out a mark past its time though the table still holds it (TTL deletes lazily; dynalite never)', async () => {
    const now = Date.now();
    const put = (sk: string, seenAt: number) =>
      stack.clients.doc.send(
        new PutCommand({
          TableName: stack.env.CONTENT_TABLE,
          Item: {
            pk: 'PRESENCE#page:/careers',
            sk,
            seenAt,
            expiresAt: Math.floor(seenAt / 1000) + PRESENCE_TTL_SECONDS,
          },
        }),
      );
    // A tab that closed without a goodbye 50 s ago, and one that beat 5 s ago.
    await put('gone-user', now - 50_000);
    await put('still-here', now - 5_000);
    expect((await beat(admin, 'page:/careers')).map((e) => e.user)).toEqual(['still-here']);
  });

  it('refuses a subject it does not know, naming the field (400)', async () => {
    for (const subject of ['about', 'page:about', 'post:0', 'post:x', 'user:1', '']) {
      const res = await stack.invoke('heartbeatPresence', { token: admin, json: { subject } });
      expect(res.status, subject).toBe(400);
      expect((res.json as { field?: string }).field).toBe('subject');
    }
  });

  it('is for staff only (401 without a token, 403 outside the staff groups)', async () => {
    const json = { subject: 'page:/about' };
    expect((await stack.invoke('heartbeatPresence', { json })).status).toBe(401);
    const user = await stack.userToken();
    expect((await stack.invoke('heartbeatPresence', { token: user, json })).status).toBe(403);
    expect((await stack.invoke('leavePresence', { token: user, json })).status).toBe(403);
  });
});

describe('names instead of ids', () => {
  it('names who last changed a page, its revisions and the settings in every answer', async () => {
    const store = new DynamoPageStore();
    await seedPages({ pages: store, settings: store }, SEED);
    const got = await stack.invoke('getPage', { token: editor, query: { path: '/about' } });
    const page = dataOf<SitePage>(got.json);
    const saved = await stack.invoke('updatePage', {
      token: editor,
      json: {
        path: page.path,
        version: page.version,
        title: 'About the team',
        description: page.description,
        keywords: page.keywords,
        image: page.image,
        breadcrumb: page.breadcrumb,
        blocks: page.blocks,
      },
    });
    expect(saved.status, saved.body).toBe(200);
    const savedPage = dataOf<SitePage>(saved.json);
    expect(savedPage.updated_by).toBe(subOf(editor));
    expect(savedPage.updated_by_name).toBe('Erin Editor');

    const again = dataOf<SitePage>(
      (await stack.invoke('getPage', { token: admin, query: { path: '/about' } })).json,
    );
    expect(again.updated_by_name).toBe('Erin Editor');

    const list = dataOf<SitePageSummary[]>(
      (await stack.invoke('listPages', { token: admin })).json,
    );
    expect(list.find((p) => p.path === '/about')?.updated_by_name).toBe('Erin Editor');
    // Seeded pages were changed by no one: no name either.
    expect(list.find((p) => p.path === '/')).toMatchObject({
      updated_by: null,
      updated_by_name: null,
    });

    // The kept version was the seed's; a restore as the admin keeps a version saved by the editor.
    const restored = await stack.invoke('restorePageRevision', {
      token: admin,
      json: { path: '/about', revision: 1, version: savedPage.version },
    });
    expect(restored.status, restored.body).toBe(200);
    expect(dataOf<SitePage>(restored.json).updated_by_name).toBe('Ada Admin');
    const revisions = dataOf<PageRevisionSummary[]>(
      (await stack.invoke('listPageRevisions', { token: admin, query: { path: '/about' } })).json,
    );
    const byEditor = revisions.find((r) => r.saved_by === subOf(editor));
    expect(byEditor?.saved_by_name).toBe('Erin Editor');
    const one = await stack.invoke('getPageRevision', {
      token: admin,
      query: { path: '/about', revision: byEditor?.revision ?? 0 },
    });
    expect(dataOf<PageRevisionSummary>(one.json).saved_by_name).toBe('Erin Editor');

    // The settings as last changed by the admin (written as the settings writer stores them).
    const settings = await store.getSettings();
    if (!settings) throw new Error('no seeded settings');
    await store.putSettings(
      { ...settings, version: settings.version + 1, updated_by: subOf(admin) },
      settings.version,
    );
    const read = await stack.invoke('getSiteSettings', { token: editor });
    expect(dataOf<{ updated_by_name: string | null }>(read.json).updated_by_name).toBe('Ada Admin');
  });
});
