import { createHash, createHmac } from 'node:crypto';
import { ENV_NAMES } from '@agency/shared';
import { readOriginSecrets } from './config';

/**
 * The render function's origin secret, read as the API functions read theirs: from Secrets Manager
 * at run time by ORIGIN_SECRET_ARN (cached for at most 5 minutes), locally from ORIGIN_VERIFY. One
 * signed HTTPS call rather than the AWS SDK: the render bundle carries no SDK, and the client would
 * add more to its start-up parse than this whole check.
 */

/** How long a value read is kept: shorter than the wait a rotation makes before CloudFront switches. */
export const ORIGIN_SECRET_CACHE_MS = 5 * 60_000;

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * The SigV4 Authorization header of a request whose path has no query and whose `headers` (lower-case
 * names) include host and x-amz-date, all of them signed.
 */
export function signV4(request: {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  region: string;
  service: string;
  credentials: Credentials;
}): string {
  const names = Object.keys(request.headers).sort();
  const amzDate = request.headers['x-amz-date'] ?? '';
  const day = amzDate.slice(0, 8);
  const canonical = [
    request.method,
    request.path,
    '',
    ...names.map((n) => `${n}:${(request.headers[n] ?? '').trim()}`),
    '',
    names.join(';'),
    sha256(request.body),
  ].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const kDate = hmac(`AWS4${request.credentials.secretAccessKey}`, day);
  const key = hmac(hmac(hmac(kDate, request.region), request.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${request.credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

/**
 * Secrets Manager's GetSecretValue of `secretId` (AWSCURRENT, or `stage`) with the function's own
 * credentials; undefined when no version has that stage (no rotation under way, for AWSPENDING).
 */
export async function getSecretString(
  secretId: string,
  env: Record<string, string | undefined> = process.env,
  now: Date = new Date(),
  stage?: 'AWSPENDING',
): Promise<string | undefined> {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!region || !accessKeyId || !secretAccessKey)
    throw new Error('No AWS region or credentials to read the origin secret');
  const endpoint = new URL(
    env.AWS_ENDPOINT_URL_SECRETS_MANAGER ?? `https://secretsmanager.${region}.amazonaws.com/`,
  );
  const body = JSON.stringify({ SecretId: secretId, ...(stage ? { VersionStage: stage } : {}) });
  const headers: Record<string, string> = {
    'content-type': 'application/x-amz-json-1.1',
    host: endpoint.host,
    'x-amz-date': now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, ''),
    'x-amz-target': 'secretsmanager.GetSecretValue',
    ...(env.AWS_SESSION_TOKEN ? { 'x-amz-security-token': env.AWS_SESSION_TOKEN } : {}),
  };
  const authorization = signV4({
    method: 'POST',
    path: endpoint.pathname || '/',
    headers,
    body,
    region,
    service: 'secretsmanager',
    credentials: { accessKeyId, secretAccessKey },
  });
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { ...headers, authorization },
    body,
    signal: AbortSignal.timeout(3000),
  });
  const text = await response.text();
  if (stage && response.status === 400 && text.includes('ResourceNotFoundException'))
    return undefined;
  if (!response.ok)
    throw new Error(`GetSecretValue answered ${response.status}: ${text.slice(0, 200)}`);
  const parsed: unknown = JSON.parse(text);
  const value =
    typeof parsed === 'object' && parsed !== null && 'SecretString' in parsed
      ? parsed.SecretString
      : undefined;
  if (typeof value !== 'string') throw new Error(`The secret ${secretId} has no string value`);
  return value;
}

/**
 * The values a request may carry, from `read` at most once per `maxAgeMs`. A failed read (or a
 * value that is not the secret's JSON) rejects and is not kept: the caller answers 5xx.
 */
export function cachedOriginSecrets(
  read: () => Promise<{ current: string; pending?: string | undefined }>,
  options: { maxAgeMs?: number; now?: () => number } = {},
): () => Promise<string[]> {
  const maxAgeMs = options.maxAgeMs ?? ORIGIN_SECRET_CACHE_MS;
  const now = options.now ?? Date.now;
  let held: { values: string[]; at: number } | undefined;
  return async () => {
    if (held && now() - held.at < maxAgeMs) return held.values;
    const texts = await read();
    const values = readOriginSecrets({ [ENV_NAMES.originVerify]: texts.current });
    if (values.length === 0) throw new Error('The origin secret has no valid current value');
    // A rotation's pending value is let in from the moment it exists (a malformed one adds nothing).
    const pending = readOriginSecrets({ [ENV_NAMES.originVerify]: texts.pending });
    held = { values: [...new Set([...values, ...pending])], at: now() };
    return held.values;
  };
}

let source: (() => Promise<string[]>) | undefined;

/** The render function's origin secrets: Secrets Manager by ORIGIN_SECRET_ARN, else ORIGIN_VERIFY. */
export function originSecrets(): Promise<string[]> {
  if (!source) {
    const arn = process.env[ENV_NAMES.originSecretArn];
    source = arn
      ? cachedOriginSecrets(async () => {
          const [current, pending] = await Promise.all([
            getSecretString(arn),
            getSecretString(arn, process.env, new Date(), 'AWSPENDING'),
          ]);
          if (current === undefined) throw new Error('The origin secret has no current value');
          return { current, pending };
        })
      : () => Promise.resolve(readOriginSecrets());
  }
  return source();
}
