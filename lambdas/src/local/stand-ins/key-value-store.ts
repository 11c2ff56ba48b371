import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { REDIRECT_LIMITS, utf8Bytes } from '@agency/shared';
import * as z from 'zod';
import { logger } from '../../platform/logger';

const log = logger.child({ service: 'kvs-stand-in' });

/**
 * A stand-in of the CloudFront KeyValueStore data plane (the API `@aws-sdk/client-cloudfront-keyvaluestore`
 * calls: REST JSON under `/key-value-stores/{KvsARN}`), one store per ARN, kept in a JSON file. It
 * answers as AWS does: the ETag on every read and write, ConflictException for a stale `If-Match`,
 * ValidationException past a key's 512 bytes or a value's 1 KB, ServiceQuotaExceededException past
 * 5 MB, ResourceNotFoundException for a missing key or store; requests must be SigV4A-signed
 * (AWS4-ECDSA-P256-SHA256), as the service requires, so a client that would sign otherwise fails
 * here too. The local edge server's `cf.kvs()` reads the same stores (`get`).
 */
export interface KeyValueStoreStandIn {
  server: http.Server;
  /** The ARN of the one store `npm start` provisions (any ARN gets its own store on first write). */
  arn: string;
  /** A key's value as `cf.kvs().get()` sees it; undefined when there is none. */
  get(key: string, arn?: string): string | undefined;
  /** Let go of the file writes in flight. */
  flush(): Promise<void>;
}

/** The ARN of the local stack's store (AWS's form; the account is the stand-ins' own). */
export const LOCAL_KVS_ARN = 'arn:aws:cloudfront::000000000000:key-value-store/local-redirects';

/** Keys and values a UpdateKeys call may carry at most (AWS's limit). */
const MAX_BATCH = 50;
const LIST_MAX = 50;

interface Store {
  created: number;
  modified: number;
  etag: string;
  items: Record<string, string>;
}

const fileSchema = z.record(
  z.string(),
  z.object({
    created: z.number(),
    modified: z.number(),
    etag: z.string(),
    items: z.record(z.string(), z.string()),
  }),
);

const putItem = z.object({ Key: z.string(), Value: z.string() });
const updateBody = z.object({
  Puts: z.array(putItem).optional(),
  Deletes: z.array(z.object({ Key: z.string() })).optional(),
});
const putBody = z.object({ Value: z.string() });

class KvsError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const newEtag = () => `KV${randomBytes(8).toString('hex').toUpperCase()}`;
const sizeOf = (items: Record<string, string>) =>
  Object.entries(items).reduce((sum, [k, v]) => sum + utf8Bytes(k) + utf8Bytes(v), 0);

function checkEntry(key: string, value?: string): void {
  if (key.length === 0 || utf8Bytes(key) > REDIRECT_LIMITS.keyMaxBytes)
    throw new KvsError(
      400,
      'ValidationException',
      `Key length must be between 1 and ${REDIRECT_LIMITS.keyMaxBytes} bytes`,
    );
  if (value !== undefined && utf8Bytes(value) > REDIRECT_LIMITS.valueMaxBytes)
    throw new KvsError(
      400,
      'ValidationException',
      `Value size must be at most ${REDIRECT_LIMITS.valueMaxBytes} bytes`,
    );
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new KvsError(400, 'ValidationException', 'The request body is not JSON');
  }
}

/** Start the stand-in, its stores read from (and written to) `<dataDir>/kvs/stores.json`; in memory without a dataDir. */
export async function startKeyValueStore(dataDir?: string): Promise<KeyValueStoreStandIn> {
  const file = dataDir ? path.join(dataDir, 'kvs', 'stores.json') : null;
  const stores = new Map<string, Store>();
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text)
      for (const [arn, store] of Object.entries(fileSchema.parse(JSON.parse(text))))
        stores.set(arn, store);
  }
  const now = () => Date.now();
  const storeOf = (arn: string): Store => {
    let store = stores.get(arn);
    if (!store) {
      store = { created: now(), modified: now(), etag: newEtag(), items: {} };
      stores.set(arn, store);
    }
    return store;
  };
  storeOf(LOCAL_KVS_ARN);

  // Writes go to the file one after another, each the whole state (it is at most a few MB).
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    if (!file) return;
    const text = JSON.stringify(Object.fromEntries(stores));
    saving = saving
      .then(async () => {
        const tmp = `${file}.tmp`;
        await writeFile(tmp, text);
        await rename(tmp, file);
      })
      // A failed write (a full disk) is said, and the next write tries again with the whole state.
      .catch((error: unknown) => {
        log.error('the KeyValueStore stand-in could not save its stores', { error, file });
      });
  };

  const summary = (store: Store) => ({
    ItemCount: Object.keys(store.items).length,
    TotalSizeInBytes: sizeOf(store.items),
  });

  /** Apply puts and deletes if the ETag matches and the result stays within the limits. */
  function change(
    store: Store,
    ifMatch: string | undefined,
    puts: z.infer<typeof putItem>[],
    deletes: string[],
  ) {
    if (!ifMatch) throw new KvsError(400, 'ValidationException', 'IfMatch is required');
    if (ifMatch !== store.etag)
      throw new KvsError(
        409,
        'ConflictException',
        'Pre-condition failed: the ETag does not match the key value store',
      );
    for (const p of puts) checkEntry(p.Key, p.Value);
    for (const key of deletes) checkEntry(key);
    const next = { ...store.items };
    for (const key of deletes) delete next[key];
    for (const p of puts) next[p.Key] = p.Value;
    if (sizeOf(next) > REDIRECT_LIMITS.storeMaxBytes)
      throw new KvsError(
        402,
        'ServiceQuotaExceededException',
        'The key value store is over its maximum size of 5 MB',
      );
    store.items = next;
    store.etag = newEtag();
    store.modified = now();
    save();
  }

  async function answer(
    req: IncomingMessage,
  ): Promise<{ status: number; body: unknown; etag?: string }> {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('AWS4-ECDSA-P256-SHA256 '))
      throw new KvsError(
        403,
        'AccessDeniedException',
        'The request must be signed with SigV4A (AWS4-ECDSA-P256-SHA256)',
      );
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const m = /^\/key-value-stores\/([^/]+)(\/keys(?:\/(.+))?)?$/.exec(url.pathname);
    if (!m?.[1]) throw new KvsError(404, 'ResourceNotFoundException', 'No such resource');
    const arn = decodeURIComponent(m[1]);
    const store = stores.get(arn);
    if (!store)
      throw new KvsError(404, 'ResourceNotFoundException', `Key value store ${arn} was not found`);
    const keyPart = m[3];
    const key = keyPart === undefined ? undefined : decodeURIComponent(keyPart);
    const method = req.method ?? 'GET';
    const ifMatch =
      typeof req.headers['if-match'] === 'string' ? req.headers['if-match'] : undefined;
    if (!m[2] && method === 'GET')
      return {
        status: 200,
        etag: store.etag,
        body: {
          ...summary(store),
          KvsARN: arn,
          Created: store.created / 1000,
          LastModified: store.modified / 1000,
          Status: 'READY',
        },
      };
    if (m[2] && key === undefined && method === 'GET') {
      const keys = Object.keys(store.items).sort();
      const max = Math.min(
        Number(url.searchParams.get('MaxResults') ?? LIST_MAX) || LIST_MAX,
        LIST_MAX,
      );
      const after = url.searchParams.get('NextToken');
      const start = after
        ? keys.findIndex((k) => k > Buffer.from(after, 'base64url').toString('utf8'))
        : 0;
      const page = start === -1 ? [] : keys.slice(start, start + max);
      const last = page.at(-1);
      const more = start !== -1 && start + max < keys.length && last !== undefined;
      return {
        status: 200,
        body: {
          Items: page.map((k) => ({ Key: k, Value: store.items[k] })),
          ...(more ? { NextToken: Buffer.from(last, 'utf8').toString('base64url') } : {}),
        },
      };
    }
    if (m[2] && key === undefined && method === 'POST') {
      const body = updateBody.safeParse(await readJson(req));
      if (!body.success)
        throw new KvsError(400, 'ValidationException', 'Puts and Deletes must be lists of keys');
      const puts = body.data.Puts ?? [];
      const deletes = (body.data.Deletes ?? []).map((d) => d.Key);
      if (puts.length + deletes.length > MAX_BATCH)
        throw new KvsError(
          400,
          'ValidationException',
          `At most ${MAX_BATCH} keys may be updated at once`,
        );
      change(store, ifMatch, puts, deletes);
      return { status: 200, etag: store.etag, body: summary(store) };
    }
    if (key !== undefined && method === 'GET') {
      const value = store.items[key];
      if (value === undefined)
        throw new KvsError(404, 'ResourceNotFoundException', 'Key not found');
      return { status: 200, body: { Key: key, Value: value, ...summary(store) } };
    }
    if (key !== undefined && method === 'PUT') {
      const body = putBody.safeParse(await readJson(req));
      if (!body.success) throw new KvsError(400, 'ValidationException', 'Value is required');
      change(store, ifMatch, [{ Key: key, Value: body.data.Value }], []);
      return { status: 200, etag: store.etag, body: summary(store) };
    }
    if (key !== undefined && method === 'DELETE') {
      if (ifMatch === store.etag && store.items[key] === undefined)
        throw new KvsError(404, 'ResourceNotFoundException', 'Key not found');
      change(store, ifMatch, [], [key]);
      return { status: 200, etag: store.etag, body: summary(store) };
    }
    throw new KvsError(405, 'ValidationException', `${method} is not supported here`);
  }

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    answer(req).then(
      ({ status, body, etag }) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(etag ? { etag } : {}),
        });
        res.end(JSON.stringify(body));
      },
      (error: unknown) => {
        const e =
          error instanceof KvsError
            ? error
            : new KvsError(500, 'InternalServerException', String(error));
        res.writeHead(e.status, { 'content-type': 'application/json', 'x-amzn-errortype': e.type });
        res.end(JSON.stringify({ Message: e.message, message: e.message }));
      },
    );
  });

  return {
    server,
    arn: LOCAL_KVS_ARN,
    get: (key, arn = LOCAL_KVS_ARN) => stores.get(arn)?.items[key],
    flush: () => saving,
  };
}
