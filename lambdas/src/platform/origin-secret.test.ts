import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { ORIGIN_SECRET_CACHE_MS } from '@agency/shared';
import { cachedSource, secretValues, secretsManagerReader } from './origin-secret';
import { answerSecret, SECRET_ARN as ARN } from './origin-secret.fixtures';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

const sm = mockClient(SecretsManagerClient);
afterEach(() => sm.reset());

describe('secretValues', () => {
  it('accepts current and a previous long enough', () => {
    expect(secretValues(JSON.stringify({ current: A, previous: B }))).toEqual([A, B]);
    expect(secretValues(JSON.stringify({ current: A, previous: 'short' }))).toEqual([A]);
    expect(secretValues(JSON.stringify({ current: A }))).toEqual([A]);
  });

  it('refuses a value that is not the JSON or has no usable current', () => {
    expect(() => secretValues('plain')).toThrow(/not JSON/);
    expect(() => secretValues(JSON.stringify({ current: 'short' }))).toThrow(/current/);
  });
});

describe('the Secrets Manager source', () => {
  it('reads the secret by its ARN and keeps the value no longer than 5 minutes', async () => {
    sm.on(GetSecretValueCommand, { SecretId: ARN, VersionStage: 'AWSPENDING' }).rejects(
      new ResourceNotFoundException({ message: 'no pending', $metadata: {} }),
    );
    sm.on(GetSecretValueCommand, { SecretId: ARN }, true)
      .resolvesOnce({ SecretString: JSON.stringify({ current: A }) })
      .resolvesOnce({ SecretString: JSON.stringify({ current: B, previous: A }) });
    let clock = 1_000_000;
    const source = cachedSource(secretsManagerReader(ARN, new SecretsManagerClient({})), {
      now: () => clock,
    });
    expect(await source.values()).toEqual([A]);
    clock += ORIGIN_SECRET_CACHE_MS - 1;
    expect(await source.values()).toEqual([A]);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    clock += 1;
    expect(await source.values()).toEqual([B, A]);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(4);
  });

  it('shares one read between concurrent calls', async () => {
    sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ current: A }) });
    const source = cachedSource(secretsManagerReader(ARN, new SecretsManagerClient({})));
    await Promise.all([source.values(), source.values(), source.values()]);
    // One read: the current stage and the pending one.
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('rejects on a failed read and does not keep the failure', async () => {
    sm.on(GetSecretValueCommand)
      .rejectsOnce(new Error('AccessDeniedException'))
      .resolves({ SecretString: JSON.stringify({ current: A }) });
    const source = cachedSource(secretsManagerReader(ARN, new SecretsManagerClient({})));
    await expect(source.values()).rejects.toThrow(/AccessDenied/);
    expect(await source.values()).toEqual([A]);
  });

  it("lets in a rotation's pending value beside the current one, and ignores a malformed one", async () => {
    sm.on(GetSecretValueCommand, { SecretId: ARN, VersionStage: 'AWSPENDING' })
      .resolvesOnce({ SecretString: JSON.stringify({ current: B }) })
      .resolvesOnce({ SecretString: 'not json' });
    sm.on(GetSecretValueCommand, { SecretId: ARN }, true).resolves({
      SecretString: JSON.stringify({ current: A }),
    });
    let clock = 0;
    const source = cachedSource(secretsManagerReader(ARN, new SecretsManagerClient({})), {
      now: () => clock,
    });
    expect(await source.values()).toEqual([A, B]);
    clock += ORIGIN_SECRET_CACHE_MS;
    expect(await source.values()).toEqual([A]);
  });

  it('rejects when the pending stage cannot be read for another reason', async () => {
    answerSecret(sm, A, new Error('AccessDeniedException'));
    const source = cachedSource(secretsManagerReader(ARN, new SecretsManagerClient({})));
    await expect(source.values()).rejects.toThrow(/AccessDenied/);
  });

  it('rejects a secret with no string value', async () => {
    sm.on(GetSecretValueCommand).resolves({});
    const source = cachedSource(secretsManagerReader(ARN, new SecretsManagerClient({})));
    await expect(source.values()).rejects.toThrow(/no string value/);
  });
});
