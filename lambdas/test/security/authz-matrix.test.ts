import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION,
  buildPath,
  contract,
  EDITOR_GROUP,
  groupsAllowed,
  OPERATION_ACCESS,
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
/** A member the admin's team calls invite, change, sign out and remove, in the contract's order. */
const MATRIX_MEMBER = 'matrix-member@example.com';
const adminOps = operationNames.filter((n) => contract[n].auth === 'admin');
const viewOps = operationNames.filter((n) => {
  const op: Operation = contract[n];
  return op.adminView === true;
});

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
    case 'untrashPost':
    case 'purgePost':
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
    case 'changePassword':
      return {
        json: { current_password: 'Whatever-Passw0rd!1', new_password: 'N3w-Passw0rd!2025' },
      };
    case 'verifyMfa':
      return { json: { code: '123456' } };
    case 'disableMfa':
      return { json: { password: 'Whatever-Passw0rd!1', code: '123456' } };
    case 'inviteMember':
      return { json: { email: MATRIX_MEMBER, name: 'Matrix Member', role: 'editor' } };
    case 'updateMember':
      return { json: { email: MATRIX_MEMBER, role: 'editor' } };
    case 'signOutMember':
    case 'removeMember':
      return { json: { email: MATRIX_MEMBER } };
    case 'listAudit':
    case 'listRedirects':
    case 'listNotFound':
      return { query: { page: 1 } };
    case 'createRedirect':
    case 'updateRedirect':
      return { json: { from: '/matrix-old-page', to: '/about', status: 301 } };
    case 'deleteRedirect':
      return { json: { from: '/matrix-old-page' } };
    case 'dismissNotFound':
      return { json: { path: '/matrix-missing-page' } };
    default:
      return {};
  }
}

/**
 * A request for a caller the role allows: the valid one, except where carrying it out would change
 * the caller's own credentials; there a request the contract or the password rules refuse (400)
 * shows the call got past the access check without changing anything.
 */
function allowedInput(name: OperationName): InvokeOptions {
  switch (name) {
    case 'changePassword':
      return { json: { current_password: 'Whatever-Passw0rd!1', new_password: 'short' } };
    case 'verifyMfa':
      return { json: { code: 'not-a-code' } };
    case 'disableMfa':
      return { json: { password: 'Whatever-Passw0rd!1', code: 'not-a-code' } };
    default:
      return validInput(name);
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
  it('covers every staff operation of the contract, each with its groups in the access table', () => {
    // Every operation that needs a token, or shows staff more with one, is in the table, and
    // nothing else is: a new operation cannot be added without deciding who may call it.
    expect(Object.keys(OPERATION_ACCESS).sort()).toEqual([...adminOps, ...viewOps].sort());
    for (const name of [...adminOps, ...viewOps])
      expect(groupsAllowed(name).length, name).toBeGreaterThan(0);
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
        expect(res.json).toMatchObject({ error: expect.any(String) });
      }
    }
    expect(outcomes).toHaveLength(adminOps.length * tokens.length);
    expect(await dataSnapshot(stack)).toBe(before);
  });

  it('refuses a bad token on public calls with an admin view instead of answering as to the public', async () => {
    const tokens = badTokens(await stack.adminToken(), await stack.userToken()).filter(
      (t) => t.header !== undefined,
    );
    expect([...viewOps].sort()).toEqual(['getPost', 'listPosts']);
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

/** Who calls, and what each of them must get on an operation. */
interface Caller {
  label: string;
  token: () => Promise<string | undefined>;
  /** The status the caller must get on `name`; 'through' when the access check must let it pass. */
  expect: (name: OperationName) => 401 | 403 | 'through';
}

function callers(): Caller[] {
  return [
    { label: 'no token', token: async () => undefined, expect: () => 401 },
    { label: 'user in no group', token: () => stack.userToken(), expect: () => 403 },
    { label: 'disabled admin', token: () => stack.disabledToken(), expect: () => 401 },
    {
      label: 'token from before sign-out everywhere',
      token: () => stack.signedOutToken(),
      expect: () => 401,
    },
    {
      label: 'editor',
      token: () => stack.editorToken(),
      expect: (name) => (groupsAllowed(name).some((g) => g === EDITOR_GROUP) ? 'through' : 403),
    },
    { label: 'admin', token: () => stack.adminToken(), expect: () => 'through' },
  ];
}

const ENDS_SESSIONS = new Set<string>([
  'signOutEverywhere',
  'signOutMember',
  'updateMember',
  'removeMember',
  'changePassword',
]);

describe('role matrix: every staff operation × every kind of caller', () => {
  it('has editors kept from leads, the team and the audit trail, and admins everywhere', () => {
    const editorOps = adminOps.filter((n) => groupsAllowed(n).some((g) => g === EDITOR_GROUP));
    for (const n of [
      'listLeads',
      'getLead',
      'setLeadStatus',
      'addLeadNote',
      'eraseLead',
      'exportLeads',
      'listTeam',
      'inviteMember',
      'updateMember',
      'signOutMember',
      'removeMember',
      'listAudit',
      'purgePost',
    ] as const)
      expect(editorOps, n).not.toContain(n);
    for (const n of [
      'createPost',
      'deletePost',
      'untrashPost',
      'deleteMedia',
      'renameCategory',
      'getDashboard',
    ] as const)
      expect(editorOps, n).toContain(n);
  });

  it.each(adminOps)('%s', async (name) => {
    // Refused callers first, with the data watched; then the editor and the admin for real.
    const all = callers();
    const refused = all.filter((c) => c.expect(name) !== 'through');
    const before = await dataSnapshot(stack);
    for (const caller of refused) {
      const token = await caller.token();
      const res = await stack.invoke(name, { ...validInput(name), ...(token ? { token } : {}) });
      expect(res.status, `${name} by ${caller.label}: ${res.body}`).toBe(caller.expect(name));
      expect(res.json).toMatchObject({ error: expect.any(String) });
    }
    expect(await dataSnapshot(stack), `${name}: refused calls changed data`).toBe(before);
    for (const caller of all.filter((c) => c.expect(name) === 'through')) {
      const res = await stack.invoke(name, { ...allowedInput(name), token: await caller.token() });
      expect([401, 403], `${name} by ${caller.label}: ${res.status} ${res.body}`).not.toContain(
        res.status,
      );
      expect(res.status, `${name} by ${caller.label}: ${res.body}`).toBeLessThan(500);
    }
    // Ending sessions refuses every token of that second (the cut-off rounds up): the next
    // operation's fresh sign-ins come from the next second, as a person's would.
    if (ENDS_SESSIONS.has(name))
      await new Promise((r) => setTimeout(r, 1010 - (Date.now() % 1000)));
  });

  it('lets staff see drafts through the public calls with a staff view, and refuses the others', async () => {
    for (const caller of callers()) {
      const token = await caller.token();
      const list = await stack.invoke('listPosts', {
        query: { page: 1 },
        ...(token ? { token } : {}),
      });
      const want = caller.label === 'no token' ? 200 : caller.expect('listPosts');
      if (want === 'through' || want === 200) expect(list.status, caller.label).toBe(200);
      else expect(list.status, caller.label).toBe(want);
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
      expect(res.json).toMatchObject({ error: expect.any(String) });
    }
  });
});
