import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { cachedRead, ENV_NAMES as N } from '@agency/shared';
import { acceptedOriginValues, originSecretJson, originSecrets as localOriginSecrets } from './env';

/**
 * The origin secret's values, read where they live: in AWS from Secrets Manager at run time (the
 * function's environment holds only the secret's ARN, ORIGIN_SECRET_ARN, so nobody reading a
 * function's configuration learns the value), locally from ORIGIN_VERIFY. The SDK with an
 * in-process cache, not the Parameters and Secrets Lambda Extension: no layer ARN per region to
 * keep, and the cache's expiry is ours to test.
 */
export interface SecretSource {
  /** The values a request may carry: `current` and, while a rotation runs, `previous`. */
  values(): Promise<string[]>;
}

/** The values of the secret's JSON; an empty or short `previous` is never accepted. */
export function secretValues(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('The origin secret is not JSON');
  }
  const parsed = originSecretJson.safeParse(value);
  if (!parsed.success) throw new Error('The origin secret has no valid current value');
  return acceptedOriginValues(parsed.data);
}

/** What a read found: the AWSCURRENT value and, while a rotation runs, the AWSPENDING one. */
export interface SecretTexts {
  current: string;
  pending?: string;
}

/**
 * Secrets Manager's GetSecretValue of `secretId`'s AWSCURRENT and AWSPENDING stages, unparsed. The
 * pending value is the one a rotation made: accepted from the moment it exists, so by the time the
 * rotation lets CloudFront send it (past the cache time) every function has read it.
 */
export function secretsManagerReader(
  secretId: string,
  client: SecretsManagerClient = new SecretsManagerClient({}),
): () => Promise<SecretTexts> {
  return async () => {
    const [current, pending] = await Promise.all([
      client.send(new GetSecretValueCommand({ SecretId: secretId })),
      client
        .send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: 'AWSPENDING' }))
        .catch((error: unknown) => {
          // No rotation under way: no version has the stage.
          if (error instanceof ResourceNotFoundException) return undefined;
          throw error;
        }),
    ]);
    if (!current.SecretString) throw new Error(`The secret ${secretId} has no string value`);
    return {
      current: current.SecretString,
      ...(pending?.SecretString ? { pending: pending.SecretString } : {}),
    };
  };
}

/** The values `texts` let in: the current JSON's (which must be valid) and a valid pending one's. */
export function acceptedValues(texts: SecretTexts): string[] {
  const values = secretValues(texts.current);
  if (texts.pending !== undefined) {
    try {
      values.push(...secretValues(texts.pending));
    } catch {
      // A malformed pending value lets nothing more in; the current one still holds.
    }
  }
  return [...new Set(values)];
}

/**
 * A source that reads through `read` at most once per `maxAgeMs` (shared ORIGIN_SECRET_CACHE_MS by
 * default, see cachedRead). A failed read, or a current value that is not the secret's JSON, is
 * not cached and rejects, so the caller answers 5xx rather than letting a call in.
 */
export function cachedSource(
  read: () => Promise<SecretTexts>,
  options: { maxAgeMs?: number; now?: () => number } = {},
): SecretSource {
  return { values: cachedRead(async () => acceptedValues(await read()), options) };
}

/** The local stack's source: the environment's ORIGIN_VERIFY, parsed once (env.ts). */
export const environmentSource: SecretSource = {
  values: () => Promise.resolve(localOriginSecrets()),
};

let defaultSource: SecretSource | undefined;

/**
 * The function's source: Secrets Manager when ORIGIN_SECRET_ARN is set (every deployed function
 * behind the edge), else the local environment's ORIGIN_VERIFY.
 */
export function originSecretSource(): SecretSource {
  if (defaultSource) return defaultSource;
  const arn = process.env[N.originSecretArn];
  defaultSource = arn ? cachedSource(secretsManagerReader(arn)) : environmentSource;
  return defaultSource;
}

/** Forget the chosen source: for tests that switch between the two. */
export function resetOriginSecretSource(): void {
  defaultSource = undefined;
}
