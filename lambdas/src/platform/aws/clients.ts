import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * AWS clients, created once per cold start and reused across invocations. Endpoints of the local
 * stand-ins come from the SDK's AWS_ENDPOINT_URL_<SERVICE> variables, so this code is the same everywhere.
 *
 * A handler loads only the SDK clients it uses, since each costs a cold start its import time:
 * DynamoDB here (nearly every handler), Cognito with `identity.ts`, SES with `mail.ts`, and S3 and
 * CloudFront on first use (the post handlers share their ports, but only writes touch media or the CDN).
 */
const resets = new Set<() => void>();

/** A client made on first use and kept; `resetClients()` forgets it. */
export function cachedClient<T>(make: () => T): () => T {
  let client: T | undefined;
  resets.add(() => {
    client = undefined;
  });
  return () => (client ??= make());
}

export const dynamoClient = cachedClient(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

/** A conditional write refused because its condition did not hold (the SDK's class, or its name across copies). */
export const isConditionFailure = (e: unknown): boolean =>
  e instanceof ConditionalCheckFailedException ||
  (e instanceof Error && e.name === 'ConditionalCheckFailedException');

/** The S3 client, its SDK module loaded on first use. */
export const s3Client = cachedClient(async (): Promise<S3Client> => {
  const { S3Client } = await import('@aws-sdk/client-s3');
  // WHEN_REQUIRED: the S3 stand-in would otherwise store stream bodies in aws-chunked framing.
  return new S3Client({
    forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

/** For tests that swap endpoints between suites. */
export function resetClients(): void {
  for (const reset of resets) reset();
}
