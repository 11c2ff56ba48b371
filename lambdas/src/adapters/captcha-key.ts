import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { CAPTCHA_DEFAULTS, type CaptchaSettings } from '../domain/captcha';
import { captchaEnv, type CaptchaEnv } from '../lib/env';

let cached: { source: string; key: Promise<string> } | undefined;

async function readParameter(name: string): Promise<string> {
  const out = await new SSMClient({}).send(
    new GetParameterCommand({ Name: name, WithDecryption: true }),
  );
  const value = out.Parameter?.Value;
  if (!value || value.length < 16)
    throw new Error(`SSM parameter ${name} holds no captcha key of at least 16 characters`);
  return value;
}

/**
 * The captcha HMAC key: CAPTCHA_HMAC_KEY itself (local stack, tests), or read once per cold start from
 * the SSM SecureString named by CAPTCHA_HMAC_KEY_PARAM (AWS), so the key never sits in Lambda settings.
 */
export function captchaKey(settings: Pick<CaptchaEnv, 'key' | 'keyParameter'>): Promise<string> {
  const source = settings.key ? `env:${settings.key}` : `ssm:${settings.keyParameter ?? ''}`;
  if (cached?.source === source) return cached.key;
  let key: Promise<string>;
  if (settings.key) key = Promise.resolve(settings.key);
  else if (settings.keyParameter) key = readParameter(settings.keyParameter);
  else
    key = Promise.reject(
      new Error('Captcha is not configured: set CAPTCHA_HMAC_KEY or CAPTCHA_HMAC_KEY_PARAM'),
    );
  // A failed read is not cached: the next request tries again.
  key.catch(() => {
    if (cached?.key === key) cached = undefined;
  });
  cached = { source, key };
  return key;
}

/** Captcha settings from the environment (or the given ones). */
export async function captchaSettings(
  settings: CaptchaEnv = captchaEnv(),
): Promise<CaptchaSettings> {
  return {
    hmacKey: await captchaKey(settings),
    cost: settings.cost,
    maxCounter: settings.maxCounter,
    ttlSeconds: CAPTCHA_DEFAULTS.ttlSeconds,
  };
}
