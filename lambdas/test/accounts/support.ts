import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Secret, TOTP as Totp } from 'otpauth';
import { expect } from 'vitest';
import { ADMIN_SESSION, ROLE_GROUP, TOTP, type Role } from '@agency/shared';
import { AUDIT_PK } from '../../src/platform/staff/audit-log';
import type { TestResponse, TestStack } from '../harness';

/** A fresh member of the pool, so each test has its own throttle, TOTP state and sessions. */
export interface Member {
  email: string;
  password: string;
}

const PASSWORD = 'Fresh-Passw0rd!2024';

/**
 * Create a member the way an invitation does (AdminCreateUser, e-mail verified) and, unless
 * `invited`, set a permanent password as if they had signed in once already.
 */
export async function newMember(
  stack: TestStack,
  options: { role?: Role; invited?: boolean; password?: string } = {},
): Promise<Member> {
  const email = `m-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? PASSWORD;
  const poolId = stack.env.USER_POOL_ID;
  const cognito = stack.clients.cognito;
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'Fresh Member' },
      ],
    }),
  );
  if (!options.invited)
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: poolId,
      Username: email,
      GroupName: ROLE_GROUP[options.role ?? 'admin'],
    }),
  );
  return { email, password };
}

/**
 * The code an authenticator app shows `steps` periods from now. The pool accepts one period either
 * side, so a test uses -1, 0, +1 in that order for three codes that were never used before.
 */
export function codeAt(secret: string, steps = 0): string {
  return new Totp({
    secret: Secret.fromBase32(secret),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  }).generate({ timestamp: Date.now() + steps * TOTP.periodSeconds * 1000 });
}

/** A code no window near now shows. */
export function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((s) => codeAt(secret, s)));
  for (let n = 0; ; n++) {
    const code = String(100000 + n * 7919).slice(-6);
    if (!near.has(code)) return code;
  }
}

export const dataOf = <T>(res: TestResponse): T => {
  expect(res.json, res.body).toHaveProperty('data');
  return (res.json as { data: T }).data;
};

export interface SignedIn {
  token: string;
  /** The session cookie's refresh token. */
  refreshToken: string;
}

/** The refresh token of the session cookie an answer sets ('' when none). */
export function refreshTokenOf(res: TestResponse): string {
  const raw = res.cookies.find((c) => c.startsWith(`${ADMIN_SESSION.cookieName}=`)) ?? '';
  return raw.split(';')[0]?.slice(ADMIN_SESSION.cookieName.length + 1) ?? '';
}

/** Sign in through the API with the password only (an account without TOTP). */
export async function signIn(stack: TestStack, member: Member): Promise<SignedIn> {
  const res = await stack.invoke('login', { json: member });
  expect(res.status, res.body).toBe(200);
  const token = dataOf<{ token?: string }>(res).token;
  expect(token, 'a token, not a challenge').toBeTypeOf('string');
  return { token: token ?? '', refreshToken: refreshTokenOf(res) };
}

/** Enrol an authenticator for a signed-in member: the secret their app now holds. */
export async function enrol(stack: TestStack, token: string): Promise<string> {
  const setup = await stack.invoke('setupMfa', { token });
  expect(setup.status, setup.body).toBe(200);
  const { secret } = dataOf<{ secret: string; otpauth_uri: string }>(setup);
  const verify = await stack.invoke('verifyMfa', { token, json: { code: codeAt(secret, -1) } });
  expect(verify.status, verify.body).toBe(200);
  expect(dataOf(verify)).toEqual({ mfa: true });
  return secret;
}

export interface AuditRow {
  actorId: string;
  actorEmail: string;
  action: string;
  target: string;
  ip: string;
  outcome: string;
  status: number;
}

/** Every audit record of one actor e-mail, oldest first (read straight from the table). */
export async function auditOf(stack: TestStack, email: string): Promise<AuditRow[]> {
  const out = await stack.clients.doc.send(
    new QueryCommand({
      TableName: stack.env.AUDIT_TABLE,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'actorEmail = :e',
      ExpressionAttributeValues: { ':pk': AUDIT_PK, ':e': email.toLowerCase() },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => ({
    actorId: String(i.actorId),
    actorEmail: String(i.actorEmail),
    action: String(i.action),
    target: String(i.target),
    ip: String(i.ip),
    outcome: String(i.outcome),
    status: Number(i.status),
  }));
}
