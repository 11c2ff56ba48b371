import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, type MediaItem } from '@agency/shared';
import { DynamoMediaRepository } from '../../src/modules/media/adapters/media-repository';
import { startTestStack, type TestStack } from '../harness';
import { dataSnapshot } from './data-snapshot';

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
});
afterAll(async () => {
  await stack?.stop();
});

const TRAVERSALS = [
  '../images/x',
  '..%2f..%2fuploads',
  'uploads/../../etc/passwd',
  `${randomUUID()}/../../x`,
  `${randomUUID()}%00`,
  '/etc/passwd',
  '..\\..\\windows',
  `../${randomUUID()}`,
  ' ',
  '*',
];

describe('media ids', () => {
  it('refuses anything but an image id on confirm and delete with 400 naming id, changing nothing', async () => {
    const before = await dataSnapshot(stack);
    for (const id of TRAVERSALS)
      for (const name of ['confirmUpload', 'deleteMedia'] as const) {
        const res = await stack.invoke(name, { token, json: { id } });
        expect(res.status, `${name} ${id}`).toBe(400);
        expect((res.json as { error: string }).error, `${name} ${id}`).toMatch(/^id: /);
      }
    expect(await dataSnapshot(stack)).toBe(before);
  });
});

describe('file names', () => {
  // No slash: a name is kept from its last slash on, as a browser sends only that part.
  const MARKUP = '"><img src=x onerror=alert(1)><svg onload=alert(2)>.png';

  it('travel in the upload form URI-encoded, never as raw markup', async () => {
    const res = await stack.invoke('createUpload', {
      token,
      json: { filename: MARKUP, content_type: 'image/png', size: 10 },
    });
    expect(res.status).toBe(201);
    const { fields } = (res.json as { data: { fields: Record<string, string> } }).data;
    expect(fields['x-amz-meta-filename']).toBe(encodeURIComponent(MARKUP));
    expect(JSON.stringify(fields)).not.toMatch(/<svg|<img/);
  });

  it('come back from the library as JSON data, never as a document a browser would render', async () => {
    const id = randomUUID();
    await new DynamoMediaRepository().put({
      id,
      width: 10,
      height: 10,
      format: 'png',
      placeholder: 'data:image/webp;base64,AA',
      filename: MARKUP,
      bytes: 10,
      created_at: new Date().toISOString(),
      created_by: 'admin',
      used_by: [],
    });
    const res = await stack.invoke('listMedia', { token, query: { page: 1 } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const item = (res.json as { results: MediaItem[] }).results.find((r) => r.id === id);
    // The exact name as data: the admin shows it as text (React escapes it).
    expect(item?.filename).toBe(MARKUP);
  });

  it('refuse a name longer than the limit with 400 naming filename', async () => {
    const res = await stack.invoke('createUpload', {
      token,
      json: {
        filename: `${'a'.repeat(MEDIA_LIMITS.filenameMax)}.png`,
        content_type: 'image/png',
        size: 10,
      },
    });
    expect(res.status).toBe(400);
    expect((res.json as { error: string }).error).toMatch(/^filename: /);
  });
});
