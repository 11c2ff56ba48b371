import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** An RSA key pair of our own, for minting tokens the real issuer never signed. */
export interface TestKey {
  kid: string;
  privateKey: KeyObject;
  /** The public half as a JWK, ready for a JWKS document. */
  jwk: Record<string, string>;
}

export function makeKey(kid = 'test-key'): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const exported = publicKey.export({ format: 'jwk' });
  const jwk: Record<string, string> = { kty: 'RSA', use: 'sig', alg: 'RS256', kid };
  if (typeof exported.n === 'string') jwk.n = exported.n;
  if (typeof exported.e === 'string') jwk.e = exported.e;
  return { kid, privateKey, jwk };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Sign an RS256 JWT with `key` (the kid in the header may be overridden to impersonate another key). */
export function signJwt(
  key: TestKey,
  payload: Record<string, unknown>,
  header: Record<string, unknown> = {},
): string {
  const head = b64({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...header });
  const body = b64(payload);
  const signer = createSign('RSA-SHA256');
  signer.update(`${head}.${body}`);
  return `${head}.${body}.${signer.sign(key.privateKey).toString('base64url')}`;
}

/** Claims of a Cognito access token, as cognito-local and Cognito issue them. */
export function accessClaims(opts: {
  issuer: string;
  clientId: string;
  groups?: string[];
  expiresIn?: number;
  username?: string;
}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: '6f1c3b9e-0000-4000-8000-000000000001',
    client_id: opts.clientId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: now,
    iat: now,
    exp: now + (opts.expiresIn ?? 3600),
    iss: opts.issuer,
    jti: 'jti-1',
    username: opts.username ?? 'admin-user',
    ...(opts.groups ? { 'cognito:groups': opts.groups } : {}),
  };
}
