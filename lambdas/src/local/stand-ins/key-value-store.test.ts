import '@aws-sdk/signature-v4a';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  CloudFrontKeyValueStoreClient,
  ConflictException,
  DeleteKeyCommand,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  ListKeysCommand,
  PutKeyCommand,
  ResourceNotFoundException,
  ServiceQuotaExceededException,
  UpdateKeysCommand,
  ValidationException,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyValueEdgeStore } from '../../modules/redirects/adapters/edge-store';
import { resetClients } from '../../platform/aws/clients';
import { LOCAL_CREDENTIALS } from './credentials';
import { LOCAL_KVS_ARN, startKeyValueStore, type KeyValueStoreStandIn } from './key-value-store';

let dir: string;
let kvs: KeyValueStoreStandIn;
let endpoint: string;
let client: CloudFrontKeyValueStoreClient;
const KvsARN = LOCAL_KVS_ARN;

async function start(): Promise<void> {
  kvs = await startKeyValueStore(dir);
  await new Promise<void>((resolve) => kvs.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(kvs.server.address() as AddressInfo).port}`;
  // As the adapter does: the endpoint as given (the SDK's rules would prefix the account id).
  client = new CloudFrontKeyValueStoreClient({
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
    endpointProvider: () => ({ url: new URL(endpoint) }),
  });
}
async function stop(): Promise<void> {
  client.destroy();
  await new Promise<void>((resolve) => kvs.server.close(() => resolve()));
  await kvs.flush();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agency-kvs-'));
  await start();
});
afterAll(async () => {
  await stop();
  await rm(dir, { recursive: true, force: true });
});

const etag = async () =>
  (await client.send(new DescribeKeyValueStoreCommand({ KvsARN }))).ETag ?? '';
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('KeyValueStore stand-in (the data plane as the SDK calls it)', () => {
  it('describes the store with its ETag, item count and size; writes need the current ETag', async () => {
    const before = await client.send(new DescribeKeyValueStoreCommand({ KvsARN }));
    expect(before).toMatchObject({ KvsARN, ItemCount: 0, TotalSizeInBytes: 0 });
    expect(before.ETag).toMatch(/\S/);
    const put = await client.send(
      new PutKeyCommand({ KvsARN, Key: '/old', Value: '301 /new', IfMatch: before.ETag }),
    );
    expect(put).toMatchObject({
      ItemCount: 1,
      TotalSizeInBytes: '/old'.length + '301 /new'.length,
    });
    expect(put.ETag).not.toBe(before.ETag);
    // The ETag read before the write is stale now: the same error AWS gives.
    const stale = await rejection(
      client.send(new PutKeyCommand({ KvsARN, Key: '/x', Value: 'y', IfMatch: before.ETag })),
    );
    expect(stale).toBeInstanceOf(ConflictException);
    expect(await client.send(new GetKeyCommand({ KvsARN, Key: '/old' }))).toMatchObject({
      Key: '/old',
      Value: '301 /new',
    });
    expect(
      await rejection(client.send(new GetKeyCommand({ KvsARN, Key: '/nope' }))),
    ).toBeInstanceOf(ResourceNotFoundException);
  });

  it('updates keys in one call, lists them in pages, deletes one', async () => {
    const puts = Array.from({ length: 30 }, (_, i) => ({
      Key: `/k${String(i).padStart(2, '0')}`,
      Value: `301 /v${i}`,
    }));
    await client.send(
      new UpdateKeysCommand({
        KvsARN,
        IfMatch: await etag(),
        Puts: puts,
        Deletes: [{ Key: '/old' }],
      }),
    );
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListKeysCommand({ KvsARN, MaxResults: 7, NextToken: token }),
      );
      seen.push(...(page.Items ?? []).map((i) => i.Key ?? ''));
      token = page.NextToken;
    } while (token);
    expect(seen).toEqual(puts.map((p) => p.Key));
    await client.send(new DeleteKeyCommand({ KvsARN, Key: '/k00', IfMatch: await etag() }));
    expect(kvs.get('/k00')).toBeUndefined();
    expect(kvs.get('/k01')).toBe('301 /v1');
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ Key: `/m${i}`, Value: 'v' }));
    expect(
      await rejection(
        client.send(new UpdateKeysCommand({ KvsARN, IfMatch: await etag(), Puts: tooMany })),
      ),
    ).toBeInstanceOf(ValidationException);
  });

  it('holds AWS’s limits: a key of 512 bytes, a value of 1 KB, 5 MB in all', async () => {
    const put = async (Key: string, Value: string) =>
      rejection(client.send(new PutKeyCommand({ KvsARN, Key, Value, IfMatch: await etag() })));
    expect(await put(`/${'k'.repeat(511)}`, 'v')).toBeNull();
    expect(await put(`/${'k'.repeat(512)}`, 'v')).toBeInstanceOf(ValidationException);
    expect(await put('/v', 'v'.repeat(1024))).toBeNull();
    expect(await put('/v', 'v'.repeat(1025))).toBeInstanceOf(ValidationException);
    const big = Array.from({ length: 50 }, (_, i) => ({
      Key: `/big${i}`,
      Value: 'b'.repeat(1000),
    }));
    let error: unknown = null;
    for (let round = 0; round < 110 && !error; round++)
      error = await rejection(
        client.send(
          new UpdateKeysCommand({
            KvsARN,
            IfMatch: await etag(),
            Puts: big.map((p) => ({ ...p, Key: `${p.Key}-${round}` })),
          }),
        ),
      );
    expect(error).toBeInstanceOf(ServiceQuotaExceededException);
    const size = (await client.send(new DescribeKeyValueStoreCommand({ KvsARN }))).TotalSizeInBytes;
    expect(size).toBeLessThanOrEqual(5 * 1024 * 1024);
  });

  it('refuses a request not signed with SigV4A, and keeps the store across a restart', async () => {
    const plain = await fetch(`${endpoint}/key-value-stores/${encodeURIComponent(KvsARN)}`);
    expect(plain.status).toBe(403);
    expect(plain.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
    const before = await etag();
    await stop();
    await start();
    expect(await etag()).toBe(before);
    expect(kvs.get('/k01')).toBe('301 /v1');
  });
});

describe('the edge store adapter on the stand-in', () => {
  it('writes through UpdateKeys with the ETag, reading it again when another writer was first', async () => {
    process.env.AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE = endpoint;
    process.env.AWS_ACCESS_KEY_ID = LOCAL_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = LOCAL_CREDENTIALS.secretAccessKey;
    resetClients();
    const store = new KeyValueEdgeStore(() => KvsARN);
    // Two writers at once: each read the same ETag, one of them retries.
    await Promise.all([
      store.update([{ key: '/race-a', value: '301 /a' }], []),
      store.update([{ key: '/race-b', value: '301 /b' }], []),
    ]);
    expect(kvs.get('/race-a')).toBe('301 /a');
    expect(kvs.get('/race-b')).toBe('301 /b');
    await store.update([], ['/race-a']);
    const entries = await store.entries();
    expect(entries.get('/race-b')).toBe('301 /b');
    expect(entries.has('/race-a')).toBe(false);
    expect(await store.size()).toBe(
      [...entries].reduce((sum, [k, v]) => sum + Buffer.byteLength(k) + Buffer.byteLength(v), 0),
    );
  });
});
