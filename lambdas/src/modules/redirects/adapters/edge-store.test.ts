import {
  CloudFrontKeyValueStoreClient,
  ConflictException,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  ResourceNotFoundException,
  UpdateKeysCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetClients } from '../../../platform/aws/clients';
import { KeyValueEdgeStore, STALE_RETRIES } from './edge-store';

const ARN = 'arn:aws:cloudfront::123456789012:key-value-store/82799aa8-8e20-4444-8888-dd17f114b000';
const kvs = mockClient(CloudFrontKeyValueStoreClient);
const store = new KeyValueEdgeStore(() => ARN);
const conflict = () =>
  new ConflictException({ message: 'Pre-condition failed', $metadata: { httpStatusCode: 409 } });
const missing = () =>
  new ResourceNotFoundException({ message: 'Key not found', $metadata: { httpStatusCode: 404 } });

beforeEach(() => {
  kvs.reset();
  resetClients();
  let etag = 0;
  kvs
    .on(DescribeKeyValueStoreCommand)
    .callsFake(() => ({ ETag: `E${++etag}`, TotalSizeInBytes: 10 }));
});
afterEach(() => kvs.reset());

describe('the edge store writer (failures the stand-in cannot produce on demand)', () => {
  it('reads the ETag again and retries when another writer changed the store first', async () => {
    kvs.on(UpdateKeysCommand).rejectsOnce(conflict()).resolves({ ETag: 'E3' });
    await store.update([{ key: '/a', value: '301 /b' }], []);
    const calls = kvs.commandCalls(UpdateKeysCommand).map((c) => c.args[0].input.IfMatch);
    expect(calls).toEqual(['E1', 'E2']);
  });

  it('gives up after STALE_RETRIES stale ETags in a row, with the service error', async () => {
    kvs.on(UpdateKeysCommand).rejects(conflict());
    await expect(store.update([{ key: '/a', value: '301 /b' }], [])).rejects.toBeInstanceOf(
      ConflictException,
    );
    expect(kvs.commandCalls(UpdateKeysCommand)).toHaveLength(STALE_RETRIES);
  });

  it('deletes the keys the store holds when one to delete is not there', async () => {
    kvs.on(UpdateKeysCommand).rejectsOnce(missing()).resolves({ ETag: 'E9' });
    kvs.on(GetKeyCommand, { Key: '/gone' }).rejects(missing());
    kvs.on(GetKeyCommand, { Key: '/here' }).resolves({ Key: '/here', Value: '301 /x' });
    await store.update([{ key: '/new', value: '302 /y' }], ['/gone', '/here']);
    const last = kvs.commandCalls(UpdateKeysCommand).at(-1)?.args[0].input;
    expect(last?.Deletes).toEqual([{ Key: '/here' }]);
    expect(last?.Puts).toEqual([{ Key: '/new', Value: '302 /y' }]);
  });
});
