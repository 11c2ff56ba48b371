import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { cachedRead, ENV_NAMES } from '@agency/shared';
import { readOriginSecrets } from './config';

/**
 * The render function's origin secret, read as the API functions read theirs: from Secrets Manager
 * at run time by ORIGIN_SECRET_ARN (cached for ORIGIN_SECRET_CACHE_MS), locally from ORIGIN_VERIFY.
 * One HTTPS call signed by `@smithy/signature-v4` rather than the Secrets Manager client: the
 * render bundle carries no SDK client, which would add more to its start-up parse than this check.
 */

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData): string | Buffer =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/**
 * SHA-256 for the signer from Node's own crypto (an HMAC when given a key), as the SDK does on
 * Node: no JavaScript hash in the bundle.
 */
export class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
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
  // Loaded at the first read, not at start: the render function's start budget
  // (lambdas/bundling/artifacts.ts) has no room for it, and the local stack never signs.
  const { SignatureV4 } = await import('@smithy/signature-v4');
  const signer = new SignatureV4({
    service: 'secretsmanager',
    region,
    credentials: { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN },
    sha256: NodeSha256,
  });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
      path: endpoint.pathname || '/',
      query: {},
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        host: endpoint.host,
        'x-amz-target': 'secretsmanager.GetSecretValue',
      },
      body,
    },
    { signingDate: now },
  );
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: signed.headers,
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
 * The values a request may carry, from `read` at most once per `maxAgeMs` (the shared cachedRead).
 * A failed read (or a value that is not the secret's JSON) rejects and is not kept: the caller
 * answers 5xx.
 */
export function cachedOriginSecrets(
  read: () => Promise<{ current: string; pending?: string | undefined }>,
  options: { maxAgeMs?: number; now?: () => number } = {},
): () => Promise<string[]> {
  return cachedRead(async () => {
    const texts = await read();
    const values = readOriginSecrets({ [ENV_NAMES.originVerify]: texts.current });
    if (values.length === 0) throw new Error('The origin secret has no valid current value');
    // A rotation's pending value is let in from the moment it exists (a malformed one adds nothing).
    const pending = readOriginSecrets({ [ENV_NAMES.originVerify]: texts.pending });
    return [...new Set([...values, ...pending])];
  }, options);
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
