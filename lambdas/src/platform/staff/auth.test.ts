import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_GROUP, EDITOR_GROUP, MFA_ENROLMENT_REQUIRED } from '@agency/shared';
import { accessClaims, makeKey, signJwt, type TestKey } from '../../../test/support/jwt';
import type { CognitoAccount } from './cognito-account';
import type { AccountState, AccountStore } from './ports';
import { SESSION_ENDED } from './ports';
import {
  ACCOUNT_DISABLED,
  bearerToken,
  requireStaff,
  resetAuth,
  type StaffCheckDeps,
} from './auth';
import { resetEnv } from '../env';
import { DomainError } from '../errors';

// A JWKS served over http by a key of our own: the same code path as the cognito-local stand-in.
const key: TestKey = makeKey('issuer-key');
const stranger: TestKey = makeKey('issuer-key');
let server: Server;
let issuer = '';
const clientId = 'client-123';

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (e) {
    return e instanceof DomainError ? e.kind : `other: ${String(e)}`;
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/pool_1/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [key.jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool_1`;
  process.env.USER_POOL_ID = 'pool_1';
  process.env.USER_POOL_CLIENT_ID = clientId;
  process.env.COGNITO_ISSUER = issuer;
  process.env.ADMIN_GROUP = ADMIN_GROUP;
  resetEnv();
  resetAuth();
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  delete process.env.COGNITO_ISSUER;
  resetEnv();
  resetAuth();
});

const bearer = (t: string) => `Bearer ${t}`;
/** The origin_jti of a session signed out with POST /api/user/session/logout. */
const REVOKED_SESSION = 'revoked-sign-in';

/** Account records in memory: the check's rules, without a table (the stand-in tests cover the store). */
function deps(
  records: AccountState[] = [],
  requireMfa = false,
  cognito: Partial<CognitoAccount> = {},
): StaffCheckDeps {
  const accounts: AccountStore = {
    get: async (sub) => records.find((r) => r.sub === sub) ?? null,
    recordSignIn: async () => undefined,
    update: async () => undefined,
  };
  return {
    accounts,
    sessions: { isRevoked: async (_sub, originJti) => originJti === REVOKED_SESSION },
    cognitoAccountOf: async () => ({
      email: 'from-cognito@example.com',
      name: '',
      mfa: false,
      ...cognito,
    }),
    requireMfa,
  };
}
const requireAdmin = (header: string | undefined) => requireStaff(header, 'listLeads', deps());

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

describe('requireStaff: the token', () => {
  it('accepts a valid access token of an admin and returns who it is', async () => {
    const token = signJwt(
      key,
      accessClaims({ issuer, clientId, groups: [ADMIN_GROUP], username: 'alice' }),
    );
    const identity = await requireAdmin(bearer(token));
    expect(identity).toMatchObject({ username: 'alice', groups: [ADMIN_GROUP] });
    expect(identity.accessToken).toBe(token);
    expect(JSON.stringify(identity)).not.toContain(token);
  });

  it('answers 403 for a valid token of a user outside the admin group', async () => {
    expect(
      await kindOf(
        requireAdmin(bearer(signJwt(key, accessClaims({ issuer, clientId, groups: ['editors'] })))),
      ),
    ).toBe('forbidden');
    expect(
      await kindOf(requireAdmin(bearer(signJwt(key, accessClaims({ issuer, clientId }))))),
    ).toBe('forbidden');
  });

  it.each([
    ['missing header', undefined],
    ['empty header', ''],
    ['no Bearer scheme', 'Basic abc'],
    ['garbage token', 'Bearer not.a.jwt'],
    ['random word', 'Bearer hello'],
  ])('answers 401 for %s', async (_name, header) => {
    expect(await kindOf(requireAdmin(header))).toBe('unauthenticated');
  });

  it('answers 401 for an expired token', async () => {
    const token = signJwt(
      key,
      accessClaims({ issuer, clientId, groups: [ADMIN_GROUP], expiresIn: -120 }),
    );
    expect(await kindOf(requireAdmin(bearer(token)))).toBe('unauthenticated');
  });

  it('answers 401 for a token signed by another key under the same kid', async () => {
    const token = signJwt(stranger, accessClaims({ issuer, clientId, groups: [ADMIN_GROUP] }));
    expect(await kindOf(requireAdmin(bearer(token)))).toBe('unauthenticated');
  });

  it('answers 401 for a token whose payload was altered after signing', async () => {
    const token = signJwt(key, accessClaims({ issuer, clientId, groups: ['users'] }));
    const [h, , s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify(accessClaims({ issuer, clientId, groups: [ADMIN_GROUP] })),
    ).toString('base64url');
    expect(await kindOf(requireAdmin(bearer(`${h}.${forged}.${s}`)))).toBe('unauthenticated');
  });

  it('answers 401 for an unsigned (alg none) token', async () => {
    const head = Buffer.from(
      JSON.stringify({ alg: 'none', typ: 'JWT', kid: 'issuer-key' }),
    ).toString('base64url');
    const body = Buffer.from(
      JSON.stringify(accessClaims({ issuer, clientId, groups: [ADMIN_GROUP] })),
    ).toString('base64url');
    expect(await kindOf(requireAdmin(bearer(`${head}.${body}.`)))).toBe('unauthenticated');
  });

  it('answers 401 for another issuer, another client, an id token, and an unknown kid', async () => {
    const claims = accessClaims({ issuer, clientId, groups: [ADMIN_GROUP] });
    const cases = [
      signJwt(key, { ...claims, iss: 'http://127.0.0.1:1/other' }),
      signJwt(key, { ...claims, client_id: 'someone-else' }),
      signJwt(key, { ...claims, token_use: 'id', aud: clientId }),
      signJwt(key, claims, { kid: 'no-such-key' }),
    ];
    for (const token of cases)
      expect(await kindOf(requireAdmin(bearer(token)))).toBe('unauthenticated');
  });
});

describe('requireStaff: role and account', () => {
  const claims = (groups: string[], extra: Record<string, unknown> = {}) => ({
    ...accessClaims({ issuer, clientId, groups }),
    ...extra,
  });
  const record = (sub: string, changes: Partial<AccountState> = {}): AccountState => ({
    sub,
    email: 'member@example.com',
    name: 'Member',
    enabled: true,
    mfa: false,
    validAfter: 0,
    ...changes,
  });

  it('lets an editor write posts but not read leads, the team or the audit trail', async () => {
    const editor = bearer(signJwt(key, claims([EDITOR_GROUP])));
    expect(await kindOf(requireStaff(editor, 'createPost', deps()))).toBe('ok');
    for (const op of ['listLeads', 'exportLeads', 'listTeam', 'listAudit'] as const)
      expect(await kindOf(requireStaff(editor, op, deps())), op).toBe('forbidden');
    const identity = await requireStaff(editor, 'createPost', deps());
    expect(identity).toMatchObject({ role: 'editor', email: 'from-cognito@example.com' });
  });

  it('takes name, e-mail and TOTP state from the account record', async () => {
    const c = claims([ADMIN_GROUP, EDITOR_GROUP]);
    const identity = await requireStaff(
      bearer(signJwt(key, c)),
      'listLeads',
      deps([record(String(c.sub), { mfa: true, email: 'rec@example.com', name: 'Rec' })]),
    );
    expect(identity).toMatchObject({
      role: 'admin',
      mfa: true,
      email: 'rec@example.com',
      name: 'Rec',
    });
    expect(identity.iat).toBe(c.iat);
  });

  it('answers 401 for a disabled account and for a token issued before validAfter', async () => {
    const c = claims([ADMIN_GROUP]);
    const token = bearer(signJwt(key, c));
    const sub = String(c.sub);
    const iat = Number(c.iat);
    expect(
      await messageOf(requireStaff(token, 'listLeads', deps([record(sub, { enabled: false })]))),
    ).toBe(ACCOUNT_DISABLED);
    expect(
      await messageOf(
        requireStaff(token, 'listLeads', deps([record(sub, { validAfter: iat + 1 })])),
      ),
    ).toBe(SESSION_ENDED);
    // A token of the very second of validAfter (signed in again right after) is accepted.
    expect(
      await kindOf(requireStaff(token, 'listLeads', deps([record(sub, { validAfter: iat })]))),
    ).toBe('ok');
  });

  it('answers 401 for a token of a session signed out on its own (its origin_jti revoked)', async () => {
    const signedOut = bearer(
      signJwt(key, { ...claims([ADMIN_GROUP]), origin_jti: REVOKED_SESSION }),
    );
    const other = bearer(signJwt(key, { ...claims([ADMIN_GROUP]), origin_jti: 'another-sign-in' }));
    expect(await messageOf(requireStaff(signedOut, 'listLeads', deps()))).toBe(SESSION_ENDED);
    expect(await kindOf(requireStaff(other, 'listLeads', deps()))).toBe('ok');
  });

  it('checks the role before the account: a disabled editor asking for leads gets 403', async () => {
    const c = claims([EDITOR_GROUP]);
    const token = bearer(signJwt(key, c));
    expect(
      await kindOf(
        requireStaff(token, 'listLeads', deps([record(String(c.sub), { enabled: false })])),
      ),
    ).toBe('forbidden');
  });

  it('with REQUIRE_MFA lets an account without TOTP only enrol', async () => {
    const c = claims([ADMIN_GROUP]);
    const token = bearer(signJwt(key, c));
    const sub = String(c.sub);
    for (const op of ['getUserData', 'setupMfa', 'verifyMfa'] as const)
      expect(await kindOf(requireStaff(token, op, deps([], true))), op).toBe('ok');
    expect(await messageOf(requireStaff(token, 'createPost', deps([], true)))).toBe(
      MFA_ENROLMENT_REQUIRED,
    );
    expect(
      await kindOf(requireStaff(token, 'createPost', deps([record(sub, { mfa: true })], true))),
    ).toBe('ok');
    expect(await kindOf(requireStaff(token, 'createPost', deps([], false)))).toBe('ok');
  });

  it('takes an account with no record yet as Cognito has it, TOTP included, so the admin and the check agree', async () => {
    const c = claims([ADMIN_GROUP]);
    const token = bearer(signJwt(key, c));
    const enrolled = deps([], true, { mfa: true, name: 'From Cognito' });
    expect(await kindOf(requireStaff(token, 'createPost', enrolled))).toBe('ok');
    expect(await requireStaff(token, 'getUserData', enrolled)).toMatchObject({
      mfa: true,
      name: 'From Cognito',
      email: 'from-cognito@example.com',
    });
    // A record, once written, is what counts: Cognito is not asked.
    const withRecord = deps([record(String(c.sub), { mfa: false })], true, { mfa: true });
    expect(await messageOf(requireStaff(token, 'createPost', withRecord))).toBe(
      MFA_ENROLMENT_REQUIRED,
    );
  });
});

describe('bearerToken', () => {
  it('takes the token from a Bearer header in any case and refuses other schemes', () => {
    expect(bearerToken('bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('Bearer  abc ')).toBe('abc');
    expect(bearerToken('Token abc')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
  });
});
