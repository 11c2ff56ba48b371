import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  CloudFrontClient,
  GetDistributionCommand,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
  type DistributionConfig,
} from '@aws-sdk/client-cloudfront';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { cloudFrontHeader, secretsManagerStore } from './origin-rotation-aws';

const sm = mockClient(SecretsManagerClient);
const cf = mockClient(CloudFrontClient);
afterEach(() => {
  sm.reset();
  cf.reset();
});
const ARN = 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:origin-AbCdEf';

describe('secretsManagerStore', () => {
  const store = () => secretsManagerStore(ARN, new SecretsManagerClient({}));

  it('reads a pending version, and none before createSecret stored one', async () => {
    sm.on(GetSecretValueCommand, { SecretId: ARN, VersionId: 'v2', VersionStage: 'AWSPENDING' })
      .rejectsOnce(new ResourceNotFoundException({ message: 'no value', $metadata: {} }))
      .resolves({ SecretString: '{"current":"x"}', CreatedDate: new Date(5000) });
    expect(await store().pending('v2')).toBeUndefined();
    expect(await store().pending('v2')).toEqual({ text: '{"current":"x"}', createdAt: 5000 });
  });

  it('stores the value as AWSPENDING of the rotation version, then moves AWSCURRENT to it', async () => {
    sm.on(PutSecretValueCommand).resolves({});
    sm.on(UpdateSecretVersionStageCommand).resolves({});
    await store().putPending('v2', '{"current":"x"}');
    await store().makeCurrent('v2', 'v1');
    expect(sm.commandCalls(PutSecretValueCommand)[0]?.args[0].input).toEqual({
      SecretId: ARN,
      ClientRequestToken: 'v2',
      SecretString: '{"current":"x"}',
      VersionStages: ['AWSPENDING'],
    });
    expect(sm.commandCalls(UpdateSecretVersionStageCommand)[0]?.args[0].input).toEqual({
      SecretId: ARN,
      VersionStage: 'AWSCURRENT',
      MoveToVersionId: 'v2',
      RemoveFromVersionId: 'v1',
    });
  });
});

describe('cloudFrontHeader', () => {
  const config = (): DistributionConfig => ({
    CallerReference: 'ref',
    Comment: 'site',
    Enabled: true,
    DefaultCacheBehavior: undefined,
    Origins: {
      Quantity: 2,
      Items: [
        {
          Id: 'api',
          DomainName: 'abc.execute-api.eu-west-2.amazonaws.com',
          CustomHeaders: {
            Quantity: 2,
            Items: [
              { HeaderName: 'x-origin-verify', HeaderValue: 'old' },
              { HeaderName: 'x-other', HeaderValue: 'keep' },
            ],
          },
        },
        { Id: 'site', DomainName: 'bucket.s3.eu-west-2.amazonaws.com' },
      ],
    },
  });

  it('changes only the origin header, with the ETag it read', async () => {
    cf.on(GetDistributionConfigCommand, { Id: 'E1' }).resolves({
      ETag: 'etag-1',
      DistributionConfig: config(),
    });
    cf.on(UpdateDistributionCommand).resolves({});
    const header = cloudFrontHeader('E1', new CloudFrontClient({}));
    expect(await header.sent()).toBe('old');
    await header.send('new');
    const input = cf.commandCalls(UpdateDistributionCommand)[0]?.args[0].input;
    const expected = config();
    const api = expected.Origins?.Items?.[0]?.CustomHeaders?.Items?.[0];
    if (api) api.HeaderValue = 'new';
    expect(input).toEqual({ Id: 'E1', IfMatch: 'etag-1', DistributionConfig: expected });
  });

  it('refuses to update a distribution with no origin carrying the header', async () => {
    const bare = config();
    if (bare.Origins?.Items?.[0]) bare.Origins.Items[0].CustomHeaders = undefined;
    cf.on(GetDistributionConfigCommand).resolves({ ETag: 'e', DistributionConfig: bare });
    await expect(cloudFrontHeader('E1', new CloudFrontClient({})).send('new')).rejects.toThrow(
      /No origin/,
    );
    expect(cf.commandCalls(UpdateDistributionCommand)).toHaveLength(0);
  });

  it('is deployed when the distribution says so', async () => {
    cf.on(GetDistributionCommand)
      .resolvesOnce({ Distribution: { Status: 'InProgress' } as never })
      .resolves({ Distribution: { Status: 'Deployed' } as never });
    const header = cloudFrontHeader('E1', new CloudFrontClient({}));
    expect(await header.deployed()).toBe(false);
    expect(await header.deployed()).toBe(true);
  });
});
