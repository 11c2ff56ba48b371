import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import type { CaptchaEnv } from '../../../platform/env';
import { captchaKey, captchaSettings } from './captcha-key';

const ssm = mockClient(SSMClient);
afterEach(() => ssm.reset());

const settings = (over: Partial<CaptchaEnv>): CaptchaEnv => ({
  cost: 1000,
  maxCounter: 3000,
  ...over,
});

describe('captchaKey', () => {
  it('uses CAPTCHA_HMAC_KEY directly when it is set', async () => {
    await expect(captchaKey(settings({ key: 'local-key-0123456789' }))).resolves.toBe(
      'local-key-0123456789',
    );
    expect(ssm.calls()).toHaveLength(0);
  });

  it('reads the SSM SecureString once per cold start, with decryption', async () => {
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'ssm-key-0123456789abcdef' } });
    const env = settings({ keyParameter: '/agency/captcha-a' });
    await expect(captchaSettings(env)).resolves.toMatchObject({
      hmacKey: 'ssm-key-0123456789abcdef',
      cost: 1000,
      maxCounter: 3000,
    });
    await captchaKey(env);
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(1);
    expect(ssm.commandCalls(GetParameterCommand)[0]?.args[0].input).toEqual({
      Name: '/agency/captcha-a',
      WithDecryption: true,
    });
  });

  it('does not keep a failed read: the next request tries SSM again', async () => {
    ssm
      .on(GetParameterCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ Parameter: { Value: 'ssm-key-0123456789abcdef' } });
    const env = settings({ keyParameter: '/agency/captcha-b' });
    await expect(captchaKey(env)).rejects.toThrow('throttled');
    await expect(captchaKey(env)).resolves.toBe('ssm-key-0123456789abcdef');
  });

  it('refuses a missing configuration and a too-short key', async () => {
    await expect(captchaKey(settings({}))).rejects.toThrow(/CAPTCHA_HMAC_KEY/);
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'short' } });
    await expect(captchaKey(settings({ keyParameter: '/agency/captcha-c' }))).rejects.toThrow(
      /at least 16/,
    );
  });
});
