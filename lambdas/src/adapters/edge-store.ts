// The KeyValueStore data plane signs with SigV4A; this opt-in module is the SDK's JavaScript
// implementation of it (no native CRT), registered on import.
import '@aws-sdk/signature-v4a';
import {
  CloudFrontKeyValueStoreClient,
  ConflictException,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  ListKeysCommand,
  ResourceNotFoundException,
  UpdateKeysCommand,
  type CloudFrontKeyValueStoreClientConfig,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import type { PageEdge } from '../domain/pages/ports';
import type { EdgeStore } from '../domain/redirects';
import { redirectStoreArn } from '../lib/env';
import { cachedClient } from './clients';

/** The SDK's variable naming an endpoint for this one service (set for the local stand-in only). */
const ENDPOINT_VARIABLE = 'AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE';

/**
 * An endpoint set for the service is used as given. The SDK's endpoint rules would put the store's
 * account id in front of its host (`<account>.<host>`), which only AWS's wildcard DNS resolves.
 */
function endpointConfig(): CloudFrontKeyValueStoreClientConfig {
  const endpoint = process.env[ENDPOINT_VARIABLE];
  if (!endpoint) return {};
  const url = new URL(endpoint);
  return { endpointProvider: () => ({ url }) };
}

const kvsClient = cachedClient(
  () => new CloudFrontKeyValueStoreClient({ region: 'us-east-1', ...endpointConfig() }),
);

/** How many times a write reads the ETag again after another writer changed the store first. */
const STALE_RETRIES = 5;

/** The CloudFront KeyValueStore of redirects: UpdateKeys with the store's current ETag. */
export class KeyValueEdgeStore implements EdgeStore {
  constructor(private readonly arn: () => string = redirectStoreArn) {}

  private async describe() {
    return kvsClient().send(new DescribeKeyValueStoreCommand({ KvsARN: this.arn() }));
  }

  async update(puts: { key: string; value: string }[], deletes: string[]): Promise<void> {
    try {
      await this.write(puts, deletes);
    } catch (error) {
      // A key to delete that the store does not hold (it drifted from the table): the others go.
      if (!(error instanceof ResourceNotFoundException) || deletes.length === 0) throw error;
      const held: string[] = [];
      for (const key of deletes) if (await this.has(key)) held.push(key);
      await this.write(puts, held);
    }
  }

  private async has(key: string): Promise<boolean> {
    try {
      await kvsClient().send(new GetKeyCommand({ KvsARN: this.arn(), Key: key }));
      return true;
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return false;
      throw error;
    }
  }

  private async write(puts: { key: string; value: string }[], deletes: string[]): Promise<void> {
    if (puts.length === 0 && deletes.length === 0) return;
    for (let attempt = 1; ; attempt++) {
      const { ETag } = await this.describe();
      try {
        await kvsClient().send(
          new UpdateKeysCommand({
            KvsARN: this.arn(),
            IfMatch: ETag,
            Puts: puts.map((p) => ({ Key: p.key, Value: p.value })),
            Deletes: deletes.map((key) => ({ Key: key })),
          }),
        );
        return;
      } catch (error) {
        // Another writer changed the store since its ETag was read: read it again.
        if (!(error instanceof ConflictException) || attempt >= STALE_RETRIES) throw error;
      }
    }
  }

  async size(): Promise<number> {
    return (await this.describe()).TotalSizeInBytes ?? 0;
  }

  async entries(): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    let token: string | undefined;
    do {
      const out = await kvsClient().send(
        new ListKeysCommand({ KvsARN: this.arn(), NextToken: token, MaxResults: 50 }),
      );
      for (const item of out.Items ?? []) if (item.Key) found.set(item.Key, item.Value ?? '');
      token = out.NextToken;
    } while (token);
    return found;
  }
}

/** The edge's page entries (`page`, `gone`) in the same store, under the page's path. */
export class KeyValuePageEdge implements PageEdge {
  constructor(private readonly store: EdgeStore = new KeyValueEdgeStore()) {}

  set(path: string, value: 'page' | 'gone'): Promise<void> {
    return this.store.update([{ key: path, value }], []);
  }

  remove(path: string): Promise<void> {
    return this.store.update([], [path]);
  }
}
