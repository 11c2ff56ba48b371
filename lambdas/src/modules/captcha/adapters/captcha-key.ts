import { CAPTCHA_DEFAULTS, type CaptchaSettings } from '../domain/captcha';
import { captchaEnv, type CaptchaEnv } from '../../../platform/env';
import { ssmSecret } from '../../../platform/aws/ssm-secret';

async function keyFromParameter(name: string): Promise<string> {
  const value = await ssmSecret(name);
  if (value.length < 16)
    throw new Error(`SSM parameter ${name} holds no captcha key of at least 16 characters`);
  return value;
}

/**
 * The captcha HMAC key: CAPTCHA_HMAC_KEY itself (local stack, tests), or read once per cold start from
 * the SSM SecureString named by CAPTCHA_HMAC_KEY_PARAM (AWS), so the key never sits in Lambda settings.
 */
export function captchaKey(settings: Pick<CaptchaEnv, 'key' | 'keyParameter'>): Promise<string> {
  if (settings.key) return Promise.resolve(settings.key);
  if (settings.keyParameter) return keyFromParameter(settings.keyParameter);
  return Promise.reject(
    new Error('Captcha is not configured: set CAPTCHA_HMAC_KEY or CAPTCHA_HMAC_KEY_PARAM'),
  );
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
