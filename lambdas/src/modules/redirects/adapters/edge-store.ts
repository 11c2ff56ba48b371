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
import { EDGE_PAGE_VALUES, REDIRECT_LIMITS } from '@agency/shared';
import type { PageEdge } from '../../pages/domain/ports';
import type { EdgeStore } from '../domain/redirects';
import { redirectStoreArn } from '../../../platform/env';
import { METRICS, putMetric } from '../../../platform/metrics';
import { cachedClient } from '../../../platform/aws/clients';

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
export const STALE_RETRIES = 10;
/** Keys one UpdateKeys may carry (AWS's limit). */
const UPDATE_BATCH = 50;
const PAGE_VALUES: ReadonlySet<string> = new Set(Object.values(EDGE_PAGE_VALUES));

/** A short random pause before trying again, growing with the tries (writers that collided spread out). */
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(300, 10 * 2 ** attempt)));

/** The store's fill (per cent of its 5 MB) as a metric: the alarm's figure (80 % full). */
export function reportStoreFill(totalBytes: number | undefined): void {
  if (totalBytes === undefined) return;
  putMetric(
    METRICS.redirectStoreFill,
    Math.round((totalBytes / REDIRECT_LIMITS.storeMaxBytes) * 1000) / 10,
  );
}

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
    return (await this.value(key)) !== null;
  }

  /** The value the store holds at `key`, or null. */
  private async value(key: string): Promise<string | null> {
    try {
      const out = await kvsClient().send(new GetKeyCommand({ KvsARN: this.arn(), Key: key }));
      return out.Value ?? '';
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return null;
      throw error;
    }
  }

  async sync(
    keys: readonly string[],
    read: (keys: readonly string[]) => Promise<Map<string, string>>,
  ): Promise<{ put: number; deleted: number }> {
    const unique = [...new Set(keys)];
    const done = { put: 0, deleted: 0 };
    for (let i = 0; i < unique.length; i += UPDATE_BATCH) {
      const batch = await this.syncBatch(unique.slice(i, i + UPDATE_BATCH), read);
      done.put += batch.put;
      done.deleted += batch.deleted;
    }
    return done;
  }

  /**
   * The ETag, then the table, then the write on that ETag: a write can only land on the store as
   * it was before the table was read, so of two writers the later reading lands last.
   */
  private async syncBatch(
    keys: readonly string[],
    read: (keys: readonly string[]) => Promise<Map<string, string>>,
  ): Promise<{ put: number; deleted: number }> {
    for (let attempt = 1; ; attempt++) {
      const { ETag } = await this.describe();
      const wanted = await read(keys);
      const puts = keys.flatMap((key) => {
        const value = wanted.get(key);
        return value === undefined ? [] : [{ Key: key, Value: value }];
      });
      const absent = keys.filter((key) => !wanted.has(key));
      const held = await Promise.all(absent.map((key) => this.value(key)));
      // A key the table has no redirect at goes only when the store holds a redirect there.
      const deletes = absent.filter((_, i) => {
        const value = held[i];
        return value !== null && value !== undefined && !PAGE_VALUES.has(value);
      });
      if (puts.length === 0 && deletes.length === 0) return { put: 0, deleted: 0 };
      try {
        const out = await kvsClient().send(
          new UpdateKeysCommand({
            KvsARN: this.arn(),
            IfMatch: ETag,
            Puts: puts,
            Deletes: deletes.map((key) => ({ Key: key })),
          }),
        );
        reportStoreFill(out.TotalSizeInBytes);
        return { put: puts.length, deleted: deletes.length };
      } catch (error) {
        // Another writer changed the store since its ETag was read: read both again.
        if (!(error instanceof ConflictException) || attempt >= STALE_RETRIES) throw error;
        await backOff(attempt);
      }
    }
  }

  /** Delete `key` while the store holds a value `may` lets go (read after the ETag, as above). */
  async deleteIf(key: string, may: (value: string) => boolean): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { ETag } = await this.describe();
      const value = await this.value(key);
      if (value === null || !may(value)) return;
      try {
        const out = await kvsClient().send(
          new UpdateKeysCommand({ KvsARN: this.arn(), IfMatch: ETag, Deletes: [{ Key: key }] }),
        );
        reportStoreFill(out.TotalSizeInBytes);
        return;
      } catch (error) {
        if (!(error instanceof ConflictException) || attempt >= STALE_RETRIES) throw error;
        await backOff(attempt);
      }
    }
  }

  private async write(puts: { key: string; value: string }[], deletes: string[]): Promise<void> {
    if (puts.length === 0 && deletes.length === 0) return;
    for (let attempt = 1; ; attempt++) {
      const { ETag } = await this.describe();
      try {
        const out = await kvsClient().send(
          new UpdateKeysCommand({
            KvsARN: this.arn(),
            IfMatch: ETag,
            Puts: puts.map((p) => ({ Key: p.key, Value: p.value })),
            Deletes: deletes.map((key) => ({ Key: key })),
          }),
        );
        reportStoreFill(out.TotalSizeInBytes);
        return;
      } catch (error) {
        // Another writer changed the store since its ETag was read: read it again.
        if (!(error instanceof ConflictException) || attempt >= STALE_RETRIES) throw error;
        await backOff(attempt);
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
  constructor(private readonly store = new KeyValueEdgeStore()) {}

  set(path: string, value: 'page' | 'gone'): Promise<void> {
    return this.store.update([{ key: path, value }], []);
  }

  /** The page's entry goes; a redirect stored there since is the redirects' (the table has it). */
  remove(path: string): Promise<void> {
    return this.store.deleteIf(path, (value) => PAGE_VALUES.has(value));
  }
}
