import { readFileSync } from 'node:fs';
import { createPrivateKey, createSign } from 'node:crypto';
import { createRequire } from 'node:module';
import { authSettings } from '../../src/platform/env';

const require = createRequire(import.meta.url);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function sign(
  privateKeyJwk: Record<string, unknown>,
  kid: string,
  payload: Record<string, unknown>,
): string {
  const head = b64({ alg: 'RS256', typ: 'JWT', kid });
  const body = b64(payload);
  const key = createPrivateKey({ key: privateKeyJwk as never, format: 'jwk' });
  const signature = createSign('RSA-SHA256')
    .update(`${head}.${body}`)
    .sign(key)
    .toString('base64url');
  return `${head}.${body}.${signature}`;
}

/** The bad credentials every admin operation must refuse: each with the status it must get. */
export function badTokens(
  adminToken: string,
  userToken: string,
): { label: string; header: string | undefined; status: number }[] {
  const [head, body] = adminToken.split('.');
  const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  // The stand-in's own signing key: an expired token it would have issued, with a valid signature.
  const keyFile = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(keyFile, 'utf8')) as { jwk: Record<string, unknown> };
  const now = Math.floor(Date.now() / 1000);
  const expired = sign(jwk, 'CognitoLocal', {
    ...claims,
    iat: now - 7200,
    auth_time: now - 7200,
    exp: now - 3600,
  });
  const tampered = Buffer.from(
    JSON.stringify({ ...claims, 'cognito:groups': ['admins'], username: 'mallory' }),
  ).toString('base64url');
  return [
    { label: 'no token', header: undefined, status: 401 },
    { label: 'garbage', header: 'Bearer not-a-jwt', status: 401 },
    {
      label: 'not bearer',
      header: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
      status: 401,
    },
    {
      label: 'forged signature',
      header: `Bearer ${head}.${tampered}.${adminToken.split('.')[2]}`,
      status: 401,
    },
    {
      label: 'alg none',
      header: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      status: 401,
    },
    { label: 'expired', header: `Bearer ${expired}`, status: 401 },
    {
      label: 'other client',
      header: `Bearer ${sign(jwk, 'CognitoLocal', { ...claims, client_id: 'someone-else' })}`,
      status: 401,
    },
    {
      label: 'id token use',
      header: `Bearer ${sign(jwk, 'CognitoLocal', { ...claims, token_use: 'id', aud: authSettings().userPoolClientId })}`,
      status: 401,
    },
    { label: 'non-admin user', header: `Bearer ${userToken}`, status: 403 },
  ];
}
