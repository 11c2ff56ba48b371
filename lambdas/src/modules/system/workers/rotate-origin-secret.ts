import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { distributionId } from '../../../platform/env';
import { createLogger } from '../../../platform/logger';
import {
  cloudFrontHeader,
  randomValue,
  secretsManagerStore,
} from '../adapters/origin-rotation-aws';
import { rotateOriginSecret } from '../domain/origin-rotation';

/** What Secrets Manager sends a rotation function. */
const rotationEvent = z.object({
  SecretId: z.string().min(1),
  ClientRequestToken: z.string().min(1),
  Step: z.enum(['createSecret', 'setSecret', 'testSecret', 'finishSecret']),
});

/**
 * The origin secret's rotation function: Secrets Manager calls it for each of the four steps
 * (domain/origin-rotation.ts), on the schedule the stack sets. It changes only the secret and the
 * origin header of the stage's distribution (DISTRIBUTION_ID).
 */
export async function handler(event: unknown): Promise<void> {
  const { SecretId, ClientRequestToken, Step } = rotationEvent.parse(event);
  const log = createLogger({ step: Step, version: ClientRequestToken });
  const id = distributionId();
  if (!id) throw new Error('No distribution: the origin header has nowhere to go');
  const secrets = new SecretsManagerClient({});
  await rotateOriginSecret(Step, ClientRequestToken, {
    store: secretsManagerStore(SecretId, secrets),
    header: cloudFrontHeader(id, new CloudFrontClient({})),
    now: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    nextValue: () => randomValue(secrets),
    log: (message, fields) => log.info(message, fields),
  }).catch((error: unknown) => {
    log.error('The origin secret rotation step failed', { error });
    throw error;
  });
}
