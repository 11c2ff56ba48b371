import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION,
  buildPath,
  contract,
  operationNames,
  type Operation,
  type OperationName,
} from '@agency/shared';
import { startTestStack, type InvokeOptions, type TestStack } from '../harness';
import { PNG_1PX } from '../support/images';
import { dataSnapshot } from './data-snapshot';
import { badTokens } from './tokens';

let stack: TestStack;
let postId = 0;
const MATRIX_LEAD_ID = '01J00000000000000000000000';
const adminOps = operationNames.filter((n) => contract[n].auth === 'admin');

/** A request each admin operation would accept from an admin, so only the credentials are wrong. */
function validInput(name: OperationName): InvokeOptions {
  const banner = new Blob([PNG_1PX], { type: 'image/png' });
  switch (name) {
    case 'createPost':
      return {
        multipart: {
          title: 'Matrix post',
          slug: 'matrix-post',
          content: '<p>x</p>',
          banner_image: banner,
        },
      };
    case 'updatePost':
      return {
        multipart: { id: String(postId), title: 'Changed', slug: 'changed', content: '<p>y</p>' },
      };
    case 'deletePost':
      return { form: { id: String(postId) } };
    case 'previewPost':
    case 'listRevisions':
      return { query: { id: postId } };
    case 'getRevision':
      return { query: { id: postId, revision: 1 } };
    case 'restoreRevision':
      return { form: { id: String(postId), revision: '1' } };
    case 'listLeads':
      return { query: { page: 1 } };
    // Well-formed lead ids never issued: only the credentials decide the answer.
    case 'getLead':
      return { query: { id: MATRIX_LEAD_ID } };
    case 'setLeadStatus':
      return { form: { id: MATRIX_LEAD_ID, status: 'won', note: 'matrix' } };
    case 'addLeadNote':
      return { form: { id: MATRIX_LEAD_ID, note: 'matrix' } };
    case 'eraseLead':
      return { form: { id: MATRIX_LEAD_ID } };
    case 'createCategory':
      return { form: { category: 'Matrix category' } };
    case 'renameCategory':
      return { form: { id: '1', category: 'Matrix renamed' } };
    case 'deleteCategory':
      // The last seed entries, which no post uses: an admin could delete them.
      return { form: { id: '6' } };
    case 'deleteAuthor':
      return { form: { id: '4' } };
    case 'createAuthor':
      return { json: { name: 'Matrix author' } };
    case 'createUpload':
      return { json: { filename: 'matrix.png', content_type: 'image/png', size: 100 } };
    case 'confirmUpload':
    case 'deleteMedia':
      // Well-formed but never issued: only the credentials decide the answer.
      return { json: { id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' } };
    case 'listMedia':
      return { query: { page: 1 } };
    case 'renameAuthor':
      return { json: { id: 1, name: 'Matrix renamed' } };
    default:
      return {};
  }
}

beforeAll(async () => {
  stack = await startTestStack();
  const token = await stack.adminToken();
  const created = await stack.invoke('createPost', {
    token,
    multipart: { title: 'Existing', slug: 'existing', content: '<p>hello</p>' },
  });
  expect(created.status).toBe(201);
  postId = (created.json as { data: { id: number } }).data.id;
  // A second version, so revision 1 exists for the revision calls.
  const updated = await stack.invoke('updatePost', {
    token,
    form: { id: String(postId), title: 'Existing, edited', slug: 'existing' },
  });
  expect(updated.status).toBe(200);
});
afterAll(async () => {
  await stack?.stop();
});

describe('authorization matrix on every admin operation', () => {
  it('covers every admin operation of the contract', () => {
    expect(adminOps.sort()).toEqual(
      [
        'confirmUpload',
        'createAuthor',
        'createCategory',
        'createPost',
        'createUpload',
        'deleteAuthor',
        'deleteCategory',
        'deleteMedia',
        'deletePost',
        'exportLeads',
        'getLead',
        'setLeadStatus',
        'addLeadNote',
        'eraseLead',
        'getDashboard',
        'getRevision',
        'getUserData',
        'listAuthors',
        'listCategories',
        'listLeads',
        'listMedia',
        'renameAuthor',
        'renameCategory',
        'listRevisions',
        'previewPost',
        'restoreRevision',
        'updatePost',
      ].sort(),
    );
  });

  it('refuses every bad credential with 401/403 and leaves the data unchanged', async () => {
    const tokens = badTokens(await stack.adminToken(), await stack.userToken());
    const before = await dataSnapshot(stack);
    const outcomes: string[] = [];
    for (const name of adminOps) {
      for (const t of tokens) {
        const input = validInput(name);
        const res = await stack.invoke(name, {
          ...input,
          headers: t.header ? { authorization: t.header } : {},
        });
        outcomes.push(`${name} ${t.label} ${res.status}`);
        expect(res.status, `${name} with ${t.label}`).toBe(t.status);
        expect(res.json).toEqual({ error: expect.any(String) });
      }
    }
    expect(outcomes).toHaveLength(adminOps.length * tokens.length);
    expect(await dataSnapshot(stack)).toBe(before);
  });

  it('refuses a bad token on public calls with an admin view instead of answering as to the public', async () => {
    const tokens = badTokens(await stack.adminToken(), await stack.userToken()).filter(
      (t) => t.header !== undefined,
    );
    const viewOps = operationNames.filter((n) => {
      const op: Operation = contract[n];
      return op.adminView === true;
    });
    expect(viewOps.sort()).toEqual(['getPost', 'listPosts']);
    for (const t of tokens) {
      const list = await stack.invoke('listPosts', {
        query: { page: 1 },
        headers: { authorization: t.header ?? '' },
      });
      expect(list.status, `listPosts with ${t.label}`).toBe(t.status);
      const get = await stack.invoke('getPost', {
        form: { slug: 'existing' },
        headers: { authorization: t.header ?? '' },
      });
      expect(get.status, `getPost with ${t.label}`).toBe(t.status);
    }
  });

  it('lets the admin through (the matrix is not refusing everything)', async () => {
    const token = await stack.adminToken();
    for (const name of [
      'getUserData',
      'listCategories',
      'listAuthors',
      'listLeads',
      'exportLeads',
      'previewPost',
      'listRevisions',
      'getRevision',
      'listMedia',
    ] as const) {
      const res = await stack.invoke(name, { ...validInput(name), token });
      expect(res.status, name).toBe(200);
    }
  });
});

describe('session operations (cookie + X-Requested-With, no bearer token)', () => {
  const sessionOps = operationNames.filter((n) => contract[n].auth === 'session');

  it('are exactly refresh and logout, under the cookie path', () => {
    expect(sessionOps.sort()).toEqual(['logoutSession', 'refreshSession']);
    for (const name of sessionOps)
      expect(contract[name].path.startsWith(`${ADMIN_SESSION.cookiePath}/`)).toBe(true);
  });

  it('refuse a cross-site form (cookie, no custom header) with 403 and keep the session', async () => {
    const login = await stack.request('POST', buildPath('login'), {
      json: { email: stack.adminEmail, password: stack.adminPassword },
    });
    const cookie = login.cookies[0]?.split(';')[0] ?? '';
    expect(cookie.startsWith(`${ADMIN_SESSION.cookieName}=`)).toBe(true);
    for (const name of sessionOps) {
      for (const headers of <Record<string, string>[]>[
        { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        { cookie, [ADMIN_SESSION.csrfHeader]: 'XMLHttpRequest' },
      ]) {
        const res = await stack.request('POST', buildPath(name), { headers, body: 'a=b' });
        expect(res.status, `${name} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.cookies).toEqual([]);
      }
    }
    const still = await stack.request('POST', buildPath('refreshSession'), {
      headers: { cookie, [ADMIN_SESSION.csrfHeader]: ADMIN_SESSION.csrfValue },
    });
    expect(still.status).toBe(200);
  });

  it('do not take a bearer token in place of the cookie', async () => {
    const tokens = badTokens(await stack.adminToken(), await stack.userToken());
    for (const t of [{ header: `Bearer ${await stack.adminToken()}` }, ...tokens]) {
      const res = await stack.request('POST', buildPath('refreshSession'), {
        headers: {
          [ADMIN_SESSION.csrfHeader]: ADMIN_SESSION.csrfValue,
          ...(t.header ? { authorization: t.header } : {}),
        },
      });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: expect.any(String) });
    }
  });
});
