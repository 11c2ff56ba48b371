import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { AwsClientStub } from 'aws-sdk-client-mock';

/** Test fixtures of the origin secret (origin-secret.test.ts, origin-secret-door.test.ts). */

/** The secret's ARN, as ORIGIN_SECRET_ARN holds it in AWS. */
export const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:origin-AbCdEf';

/**
 * Mocked Secrets Manager answers SECRET_ARN's AWSCURRENT with `current` and its AWSPENDING with
 * `pending` (a value, or an Error to throw); without `pending` no version has the stage, as
 * outside a rotation. Values are the secret's JSON, `{ current }`.
 */
export function answerSecret(
  sm: AwsClientStub<SecretsManagerClient>,
  current: string,
  pending?: string | Error,
): void {
  sm.on(GetSecretValueCommand, { SecretId: SECRET_ARN }, true).resolves({
    SecretString: JSON.stringify({ current }),
  });
  const pendingStage = sm.on(GetSecretValueCommand, {
    SecretId: SECRET_ARN,
    VersionStage: 'AWSPENDING',
  });
  if (typeof pending === 'string')
    pendingStage.resolves({ SecretString: JSON.stringify({ current: pending }) });
  else
    pendingStage.rejects(
      pending ?? new ResourceNotFoundException({ message: 'none', $metadata: {} }),
    );
}
