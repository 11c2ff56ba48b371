import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { cachedClient } from './clients';

const ssmClient = cachedClient(() => new SSMClient({}));
const cache = new Map<string, Promise<string>>();

async function readParameter(name: string): Promise<string> {
  const out = await ssmClient().send(new GetParameterCommand({ Name: name, WithDecryption: true }));
  const value = out.Parameter?.Value;
  if (!value) throw new Error(`SSM parameter ${name} is empty`);
  return value;
}

/**
 * The value of an SSM SecureString, read once per cold start and kept, so secrets (the captcha
 * key, the lead webhook's URL and signing key) never sit in Lambda settings. A failed read is not
 * kept: the next call tries again.
 */
export function ssmSecret(name: string): Promise<string> {
  const known = cache.get(name);
  if (known) return known;
  const value = readParameter(name);
  value.catch(() => {
    if (cache.get(name) === value) cache.delete(name);
  });
  cache.set(name, value);
  return value;
}
