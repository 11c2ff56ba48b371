import { cachedClient } from './clients';

/**
 * The SSM SDK, loaded with the first secret read: 76 KB a cold start of the sign-in and lead
 * functions no longer parses before it needs a secret (a sign-in asks for none unless it is
 * throttled).
 */
const ssm = cachedClient(async () => {
  const { GetParameterCommand, SSMClient } = await import('@aws-sdk/client-ssm');
  return { client: new SSMClient({}), GetParameterCommand };
});
const cache = new Map<string, Promise<string>>();

async function readParameter(name: string): Promise<string> {
  const { client, GetParameterCommand } = await ssm();
  const out = await client.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
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
