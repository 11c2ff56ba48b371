import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_CACHE_MS } from '@agency/shared';
import { SignatureV4 } from '@smithy/signature-v4';
import { cachedOriginSecrets, getSecretString, NodeSha256 } from './origin-secret';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('NodeSha256', () => {
  it('signs as AWS documents with @smithy/signature-v4 (the get-vanilla example of the SigV4 test suite)', async () => {
    const signer = new SignatureV4({
      service: 'service',
      region: 'us-east-1',
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      },
      sha256: NodeSha256,
      applyChecksum: false,
    });
    const signed = await signer.sign(
      {
        method: 'GET',
        protocol: 'https:',
        hostname: 'example.amazonaws.com',
        path: '/',
        query: {},
        headers: { host: 'example.amazonaws.com' },
      },
      { signingDate: new Date('2015-08-30T12:36:00Z') },
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });
});

describe('getSecretString', () => {
  let seen: { headers: IncomingMessage['headers']; body: string } | undefined;
  let status = 200;
  let reply = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen = { headers: req.headers, body };
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(reply);
    });
  });
  let env: Record<string, string>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    env = {
      AWS_REGION: 'eu-west-2',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'token',
      AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${port}/`,
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks GetSecretValue for the secret, signed with the session token, and returns its string', async () => {
    status = 200;
    reply = JSON.stringify({ SecretString: JSON.stringify({ current: A }) });
    const value = await getSecretString('arn:aws:secretsmanager:eu-west-2:1:secret:o', env);
    expect(value).toBe(JSON.stringify({ current: A }));
    expect(seen?.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
    expect(seen?.headers['x-amz-security-token']).toBe('token');
    expect(seen?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-2\/secretsmanager\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      SecretId: 'arn:aws:secretsmanager:eu-west-2:1:secret:o',
    });
  });

  it('rejects when Secrets Manager refuses', async () => {
    status = 400;
    reply = JSON.stringify({ __type: 'AccessDeniedException' });
    await expect(getSecretString('x', env)).rejects.toThrow(/400.*AccessDenied/);
  });

  it('asks for the pending stage, and finds none without a rotation', async () => {
    status = 400;
    reply = JSON.stringify({ __type: 'ResourceNotFoundException' });
    expect(await getSecretString('x', env, new Date(), 'AWSPENDING')).toBeUndefined();
    expect(JSON.parse(seen?.body ?? '')).toEqual({ SecretId: 'x', VersionStage: 'AWSPENDING' });
    await expect(getSecretString('x', env)).rejects.toThrow(/400/);
  });

  it('rejects without credentials rather than letting anyone in', async () => {
    await expect(getSecretString('x', { AWS_REGION: 'eu-west-2' })).rejects.toThrow(/credentials/);
  });
});

describe('cachedOriginSecrets', () => {
  it('re-reads after 5 minutes and keeps no failure', async () => {
    const answers = [
      Promise.reject(new Error('throttled')),
      Promise.resolve({ current: JSON.stringify({ current: A }) }),
      Promise.resolve({
        current: JSON.stringify({ current: A }),
        pending: JSON.stringify({ current: B }),
      }),
    ];
    answers[0]?.catch(() => undefined);
    let reads = 0;
    let clock = 0;
    const secrets = cachedOriginSecrets(
      () => answers[reads++] ?? Promise.reject(new Error('no more')),
      {
        now: () => clock,
      },
    );
    await expect(secrets()).rejects.toThrow('throttled');
    expect(await secrets()).toEqual([A]);
    clock += ORIGIN_SECRET_CACHE_MS - 1;
    expect(await secrets()).toEqual([A]);
    expect(reads).toBe(2);
    clock += 1;
    expect(await secrets()).toEqual([A, B]);
  });

  it('rejects a value that is not the secret JSON', async () => {
    const secrets = cachedOriginSecrets(() => Promise.resolve({ current: 'plain' }));
    await expect(secrets()).rejects.toThrow(/no valid current/);
  });
});
