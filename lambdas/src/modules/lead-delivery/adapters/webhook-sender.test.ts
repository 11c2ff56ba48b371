import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { TestReceiver } from '../../../../test/support/webhook-receiver';
import type { Logger } from '../../../platform/logger';
import {
  FetchWebhookSender,
  webhookChannel,
  webhookConfigured,
  webhookSettings,
} from './webhook-sender';

let receiver: TestReceiver;
const ssm = mockClient(SSMClient);
beforeAll(async () => {
  receiver = await TestReceiver.start();
});
afterEach(() => ssm.reset());
afterAll(async () => {
  ssm.restore();
  await receiver.close();
});

describe('FetchWebhookSender', () => {
  afterEach(() => {
    receiver.status = 204;
    receiver.delayMs = 0;
  });

  it('posts the exact body with the given headers', async () => {
    await new FetchWebhookSender(receiver.url).post('{"text":"hi"}', {
      'content-type': 'application/json',
      'x-lead-id': 'L1',
    });
    expect(receiver.requests.at(-1)).toMatchObject({
      body: '{"text":"hi"}',
      headers: { 'content-type': 'application/json', 'x-lead-id': 'L1' },
    });
  });

  it('fails on a non-2xx answer, naming the status', async () => {
    receiver.failNext = 1;
    await expect(new FetchWebhookSender(receiver.url).post('{}', {})).rejects.toThrow(
      'the receiver answered 503',
    );
  });

  it('counts a redirect as a failure instead of following it', async () => {
    receiver.status = 302;
    await expect(new FetchWebhookSender(receiver.url).post('{}', {})).rejects.toThrow(
      'the receiver answered 302',
    );
    expect(receiver.requests.at(-1)?.status).toBe(302);
  });

  it('gives up on a receiver slower than its timeout', async () => {
    receiver.delayMs = 500;
    await expect(new FetchWebhookSender(receiver.url, 100).post('{}', {})).rejects.toThrow(
      'the request failed: no answer in time',
    );
  });

  it('says why a request could not be made', async () => {
    const closed = await TestReceiver.start();
    await closed.close();
    await expect(new FetchWebhookSender(closed.url).post('{}', {})).rejects.toThrow(
      /the request failed: fetch failed \(.*ECONNREFUSED/,
    );
  });
});

describe('webhookSettings', () => {
  it('means no webhook when no URL is configured', async () => {
    await expect(webhookSettings({})).resolves.toBeNull();
    await expect(webhookConfigured({})).resolves.toBe(false);
    await expect(webhookConfigured({ urlParameter: '/agency/hook' })).resolves.toBe(true);
  });

  it('takes the values themselves locally', async () => {
    await expect(
      webhookSettings({ url: 'http://127.0.0.1:4010/', secret: 'a-signing-key-0123456789' }),
    ).resolves.toEqual({ url: 'http://127.0.0.1:4010/', secret: 'a-signing-key-0123456789' });
    expect(ssm.calls()).toHaveLength(0);
  });

  it('reads the URL and the key from SSM SecureStrings once per cold start, with decryption', async () => {
    ssm
      .on(GetParameterCommand, { Name: '/agency/hook-url-a' })
      .resolves({ Parameter: { Value: 'https://hooks.slack.com/services/T/B/x' } })
      .on(GetParameterCommand, { Name: '/agency/hook-key-a' })
      .resolves({ Parameter: { Value: 'ssm-signing-key-0123456789' } });
    const env = { urlParameter: '/agency/hook-url-a', secretParameter: '/agency/hook-key-a' };
    await expect(webhookSettings(env)).resolves.toEqual({
      url: 'https://hooks.slack.com/services/T/B/x',
      secret: 'ssm-signing-key-0123456789',
    });
    await webhookSettings(env);
    const calls = ssm.commandCalls(GetParameterCommand);
    expect(calls.map((c) => c.args[0].input)).toEqual([
      { Name: '/agency/hook-url-a', WithDecryption: true },
      { Name: '/agency/hook-key-a', WithDecryption: true },
    ]);
  });

  it('refuses what SSM holds when it is no http(s) URL or too short a key, naming the parameter', async () => {
    ssm
      .on(GetParameterCommand, { Name: '/agency/hook-url-b' })
      .resolves({ Parameter: { Value: 'ftp://example.com/' } })
      .on(GetParameterCommand, { Name: '/agency/hook-url-c' })
      .resolves({ Parameter: { Value: 'https://example.com/hook' } })
      .on(GetParameterCommand, { Name: '/agency/hook-key-c' })
      .resolves({ Parameter: { Value: 'short' } });
    await expect(webhookSettings({ urlParameter: '/agency/hook-url-b' })).rejects.toThrow(
      '/agency/hook-url-b holds no http(s) URL',
    );
    await expect(
      webhookSettings({
        urlParameter: '/agency/hook-url-c',
        secretParameter: '/agency/hook-key-c',
      }),
    ).rejects.toThrow('/agency/hook-key-c holds no signing key of at least 16 characters');
  });
});

describe('webhookChannel', () => {
  const errors: unknown[] = [];
  const quiet = () => undefined;
  const log: Logger = {
    debug: quiet,
    info: quiet,
    warn: quiet,
    error: (_msg, fields) => errors.push(fields),
    child: () => log,
  };

  it('is null without a webhook, and a signing sender to the configured URL with one', async () => {
    await expect(webhookChannel(log, {})).resolves.toBeNull();
    const channel = await webhookChannel(log, {
      url: receiver.url,
      secret: 'a-signing-key-0123456789',
    });
    expect(channel?.secret).toBe('a-signing-key-0123456789');
    await channel?.sender.post('{"via":"channel"}', {});
    expect(receiver.requests.at(-1)?.body).toBe('{"via":"channel"}');
  });

  it('fails every attempt, naming why, while its SSM settings cannot be read', async () => {
    ssm.on(GetParameterCommand).rejects(new Error('ParameterNotFound'));
    const channel = await webhookChannel(log, { urlParameter: '/agency/hook-url-missing' });
    expect(channel).not.toBeNull();
    expect(errors).toHaveLength(1);
    await expect(channel?.sender.post('{}', {})).rejects.toThrow(
      'its settings could not be read: ParameterNotFound',
    );
  });
});
