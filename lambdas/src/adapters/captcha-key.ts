import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { CAPTCHA_DEFAULTS, type CaptchaSettings } from '../domain/captcha';
import type { Env } from '../lib/env';

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
export function captchaKey(
  settings: Pick<Env, 'CAPTCHA_HMAC_KEY' | 'CAPTCHA_HMAC_KEY_PARAM'>,
): Promise<string> {
  const source = settings.CAPTCHA_HMAC_KEY
    ? `env:${settings.CAPTCHA_HMAC_KEY}`
    : `ssm:${settings.CAPTCHA_HMAC_KEY_PARAM ?? ''}`;
  if (cached?.source === source) return cached.key;
  let key: Promise<string>;
  if (settings.CAPTCHA_HMAC_KEY) key = Promise.resolve(settings.CAPTCHA_HMAC_KEY);
  else if (settings.CAPTCHA_HMAC_KEY_PARAM) key = readParameter(settings.CAPTCHA_HMAC_KEY_PARAM);
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

/** Captcha settings from the environment. */
export async function captchaSettings(
  settings: Pick<
    Env,
    'CAPTCHA_HMAC_KEY' | 'CAPTCHA_HMAC_KEY_PARAM' | 'CAPTCHA_COST' | 'CAPTCHA_MAX_COUNTER'
  >,
): Promise<CaptchaSettings> {
  return {
    hmacKey: await captchaKey(settings),
    cost: settings.CAPTCHA_COST,
    maxCounter: settings.CAPTCHA_MAX_COUNTER,
    ttlSeconds: CAPTCHA_DEFAULTS.ttlSeconds,
  };
}
