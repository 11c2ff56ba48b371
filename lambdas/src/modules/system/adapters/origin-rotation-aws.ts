import {
  CloudFrontClient,
  GetDistributionCommand,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
} from '@aws-sdk/client-cloudfront';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { ORIGIN_VERIFY_HEADER } from '@agency/shared';
import type { OriginHeader, RotationSecretStore } from '../domain/origin-rotation';

/** The origin secret in Secrets Manager, as the rotation reads and stages it. */
export function secretsManagerStore(
  secretId: string,
  client: SecretsManagerClient = new SecretsManagerClient({}),
): RotationSecretStore {
  return {
    async describe() {
      const out = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
      return {
        rotationEnabled: out.RotationEnabled === true,
        stages: out.VersionIdsToStages ?? {},
      };
    },
    async current() {
      const out = await client.send(
        new GetSecretValueCommand({ SecretId: secretId, VersionStage: 'AWSCURRENT' }),
      );
      if (!out.VersionId || !out.SecretString) throw new Error('The origin secret has no value');
      return { versionId: out.VersionId, text: out.SecretString };
    },
    async pending(versionId) {
      try {
        const out = await client.send(
          new GetSecretValueCommand({
            SecretId: secretId,
            VersionId: versionId,
            VersionStage: 'AWSPENDING',
          }),
        );
        if (!out.SecretString) return undefined;
        return { text: out.SecretString, createdAt: out.CreatedDate?.getTime() ?? Date.now() };
      } catch (error) {
        // Secrets Manager made the version with no value: createSecret has not stored one yet.
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      }
    },
    async putPending(versionId, text) {
      await client.send(
        new PutSecretValueCommand({
          SecretId: secretId,
          ClientRequestToken: versionId,
          SecretString: text,
          VersionStages: ['AWSPENDING'],
        }),
      );
    },
    async makeCurrent(versionId, fromVersionId) {
      await client.send(
        new UpdateSecretVersionStageCommand({
          SecretId: secretId,
          VersionStage: 'AWSCURRENT',
          MoveToVersionId: versionId,
          RemoveFromVersionId: fromVersionId,
        }),
      );
    },
  };
}

/** A new value from Secrets Manager's generator: 48 letters and digits. */
export async function randomValue(
  client: SecretsManagerClient = new SecretsManagerClient({}),
): Promise<string> {
  const out = await client.send(
    new GetRandomPasswordCommand({ PasswordLength: 48, ExcludePunctuation: true }),
  );
  if (!out.RandomPassword) throw new Error('Secrets Manager returned no random value');
  return out.RandomPassword;
}

/**
 * The origin header of distribution `id`: read from its configuration, and changed by an update
 * that alters only that header's value on the origins carrying it (the API origin), with the
 * configuration's ETag so a concurrent change fails rather than being overwritten.
 */
export function cloudFrontHeader(
  id: string,
  client: CloudFrontClient = new CloudFrontClient({}),
): OriginHeader {
  const headersOf = async () => {
    const out = await client.send(new GetDistributionConfigCommand({ Id: id }));
    if (!out.DistributionConfig || !out.ETag) throw new Error(`No configuration for ${id}`);
    const items = (out.DistributionConfig.Origins?.Items ?? []).flatMap(
      (origin) =>
        origin.CustomHeaders?.Items?.filter(
          (h) => h.HeaderName?.toLowerCase() === ORIGIN_VERIFY_HEADER,
        ) ?? [],
    );
    return { config: out.DistributionConfig, etag: out.ETag, items };
  };
  return {
    async sent() {
      const { items } = await headersOf();
      return items[0]?.HeaderValue;
    },
    async send(value) {
      const { config, etag, items } = await headersOf();
      if (items.length === 0) throw new Error(`No origin of ${id} carries ${ORIGIN_VERIFY_HEADER}`);
      for (const item of items) item.HeaderValue = value;
      await client.send(
        new UpdateDistributionCommand({ Id: id, IfMatch: etag, DistributionConfig: config }),
      );
    },
    async deployed() {
      const out = await client.send(new GetDistributionCommand({ Id: id }));
      return out.Distribution?.Status === 'Deployed';
    },
  };
}
