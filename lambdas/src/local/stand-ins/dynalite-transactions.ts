import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';

/**
 * DynamoDB transactions (`TransactWriteItems`, `TransactGetItems`) served over dynalite, which has
 * none: so local runs the same transactional code as AWS (README, Architecture › Data: "Every post
 * write is one transaction").
 *
 * Each action is validated by dynalite's own validation of the plain call it stands for (Put as
 * PutItem, Update as UpdateItem, Delete as DeleteItem, ConditionCheck as a DeleteItem's key and
 * condition, Get as GetItem), its condition evaluated by dynalite's own `checkConditional` and its
 * write made by dynalite's own action, so expression and condition semantics are dynalite's.
 *
 * As AWS does: at most 100 actions, no two on the same item (ValidationException), every condition
 * checked before any write, and on any failed condition nothing written and a
 * TransactionCanceledException whose CancellationReasons hold `ConditionalCheckFailed` (with the
 * item when ReturnValuesOnConditionCheckFailure is ALL_OLD) at each failed index and `None`
 * elsewhere. A ClientRequestToken repeated within 10 minutes with the same actions answers as the
 * first call did without writing again; with other actions, IdempotentParameterMismatchException.
 *
 * Isolation: every request to the stand-in passes a readers-writer gate. Plain calls (reads, writes,
 * queries) share it and run concurrently as before; a transaction holds it alone, after the calls in
 * flight have finished and before any later one starts, so no call sees or interleaves with half a
 * transaction. That is stricter than AWS (where a Query or BatchGetItem may see part of one) and
 * serialises transactions with everything else, which costs nothing at local volumes.
 *
 * All or nothing, even when killed: the writes of one transaction are applied one after another
 * by dynalite, so before the first one the items as they were are written to a journal beside the
 * data (on disk stores), and removed once all are applied. A stand-in killed in between (`npm start`
 * stopped with SIGKILL: the fault suite does) finds the journal when it starts again and puts every
 * item back as it was before the first request is answered: the transaction, never acknowledged,
 * did not happen. A write dynalite refuses only while applying (an update expression invalid for
 * the stored item, an item grown past 400 KB) has the earlier writes put back the same way and
 * answers TransactionCanceledException with `ValidationError` at its index, as AWS does.
 *
 * Not modelled: the 4 MB size limit of a transaction, and TransactionConflictException (the gate
 * makes conflicting calls wait instead); an operating-system crash (not a process kill) may lose
 * the journal with the data, as it may lose dynalite's own unsynced writes.
 */

const API = 'DynamoDB_20120810';
const MAX_ACTIONS = 100;
const TOKEN_MS = 10 * 60 * 1000;

type Data = Record<string, unknown>;
type Callback<T> = (err: (Error & { statusCode?: number; body?: unknown }) | null, out?: T) => void;

interface DynaliteTable {
  TableName: string;
}
/** The parts of dynalite's store used here. */
export interface DynaliteStoreApi {
  getTable(name: string, checkStatus: boolean, cb: Callback<DynaliteTable>): void;
  getItemDb(name: string): { get(key: string, cb: Callback<Data>): void };
}
interface DbModule {
  createKey(item: Data, table: DynaliteTable): string;
  checkConditional(data: Data, existing: Data | undefined): Error | null | undefined;
  validateKey(key: Data, table: DynaliteTable): Error | null | undefined;
}
interface ValidationsModule {
  checkTypes(data: Data, types: unknown): Data;
  checkValidations(data: Data, types: unknown, custom: unknown, store: DynaliteStoreApi): void;
}
interface ActionValidation {
  types: unknown;
  custom: unknown;
}
type Action = (store: DynaliteStoreApi, data: Data, cb: Callback<Data>) => void;

const require = createRequire(import.meta.url);
const dynaliteDir = require.resolve('dynalite');
const load = <T>(path: string): T =>
  require(require.resolve(`dynalite/${path}`, { paths: [dynaliteDir] })) as T;
const db = load<DbModule>('db/index.js');
const validations = load<ValidationsModule>('validations/index.js');
const KINDS = ['putItem', 'updateItem', 'deleteItem', 'getItem'] as const;
type Kind = (typeof KINDS)[number];
const actions = Object.fromEntries(
  KINDS.map((k) => [k, load<Action>(`actions/${k}.js`)]),
) as Record<Kind, Action>;
const actionValidations = Object.fromEntries(
  KINDS.map((k) => [k, load<ActionValidation>(`validations/${k}.js`)]),
) as Record<Kind, ActionValidation>;

/** An error answered as DynamoDB answers it. */
class AwsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly extra: Data = {},
  ) {
    super(message);
  }
  body(): Data {
    return { __type: this.type, message: this.message, ...this.extra };
  }
}
const validation = (message: string) =>
  new AwsError('com.amazon.coral.validate#ValidationException', message);

const call = <T>(fn: (cb: Callback<T>) => void): Promise<T> =>
  new Promise((resolve, reject) => fn((err, out) => (err ? reject(err) : resolve(out as T))));

/** dynalite's validation errors carry the AWS body; answer them as they are. */
function asAws(error: unknown): AwsError {
  if (error instanceof AwsError) return error;
  const e = error as { body?: { __type?: string; message?: string; Message?: string } };
  if (e?.body?.__type)
    return new AwsError(e.body.__type, e.body.message ?? e.body.Message ?? 'Request refused');
  throw error;
}

/** A readers-writer gate, first come first served: plain calls share it, a transaction holds it alone. */
export class Gate {
  private shared = 0;
  private exclusive = false;
  private readonly queue: { alone: boolean; go: () => void }[] = [];

  enter(alone: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      this.queue.push({ alone, go: () => resolve(this.leaver(alone)) });
      this.admit();
    });
  }

  private leaver(alone: boolean): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (alone) this.exclusive = false;
      else this.shared--;
      this.admit();
    };
  }

  private admit(): void {
    while (this.queue.length > 0 && !this.exclusive) {
      const next = this.queue[0];
      if (!next || (next.alone && this.shared > 0)) return;
      this.queue.shift();
      if (next.alone) this.exclusive = true;
      else this.shared++;
      next.go();
      if (next.alone) return;
    }
  }
}

/** One action of a transaction, validated as the plain call it stands for. */
interface Prepared {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck' | 'Get';
  data: Data;
  table: DynaliteTable;
  key: string;
  /** The item's key attributes, to put an item back. */
  keyAttributes: Data;
  returnOld: boolean;
}

const ACTION_OF = {
  Put: 'putItem',
  Update: 'updateItem',
  Delete: 'deleteItem',
  ConditionCheck: 'deleteItem',
  Get: 'getItem',
} as const satisfies Record<Prepared['kind'], Kind>;

/** The attributes of a table's key, taken from an item (Put) or a key. */
function keyOf(table: DynaliteTable & { KeySchema?: { AttributeName: string }[] }, item: Data) {
  return Object.fromEntries(
    (table.KeySchema ?? []).map((k) => [k.AttributeName, item[k.AttributeName]]),
  );
}

async function prepare(
  store: DynaliteStoreApi,
  entry: Data,
  index: number,
  allowed: readonly Prepared['kind'][],
): Promise<Prepared> {
  const kinds = allowed.filter((k) => entry[k] != null);
  const [kind] = kinds;
  if (kind === undefined || kinds.length !== 1)
    throw validation(
      `TransactItems[${index}] must have exactly one of ${allowed.join(', ')}; it has ${kinds.length}`,
    );
  const raw = { ...(entry[kind] as Data) };
  const returnOld = raw.ReturnValuesOnConditionCheckFailure === 'ALL_OLD';
  delete raw.ReturnValuesOnConditionCheckFailure;
  if (raw.ReturnValues !== undefined)
    throw validation(
      `TransactItems[${index}].${kind}: ReturnValues is not allowed in a transaction`,
    );
  if (kind === 'ConditionCheck' && typeof raw.ConditionExpression !== 'string')
    throw validation(`TransactItems[${index}].ConditionCheck needs a ConditionExpression`);
  const action = ACTION_OF[kind];
  const rules = actionValidations[action];
  let data: Data;
  try {
    data = validations.checkTypes(raw, rules.types);
    validations.checkValidations(data, rules.types, rules.custom, store);
  } catch (error) {
    throw asAws(error);
  }
  const table = await call<DynaliteTable>((cb) =>
    store.getTable(String(data.TableName), false, cb),
  ).catch((error: unknown) => {
    throw asAws(error);
  });
  const keySource = (kind === 'Put' ? data.Item : data.Key) as Data;
  if (kind !== 'Put') {
    const invalid = db.validateKey(keySource, table);
    if (invalid) throw asAws(invalid);
  }
  return {
    kind,
    data,
    table,
    key: `${table.TableName}\u0000${db.createKey(keySource, table)}`,
    keyAttributes: keyOf(table, keySource),
    returnOld,
  };
}

async function prepareAll(
  store: DynaliteStoreApi,
  body: Data,
  allowed: readonly Prepared['kind'][],
): Promise<Prepared[]> {
  const items = body.TransactItems;
  if (!Array.isArray(items) || items.length === 0)
    throw validation(
      "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null",
    );
  if (items.length > MAX_ACTIONS)
    throw validation(
      `1 validation error detected: Value '[${items.length} items]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to ${MAX_ACTIONS}`,
    );
  const prepared: Prepared[] = [];
  for (const [i, entry] of items.entries())
    prepared.push(await prepare(store, (entry ?? {}) as Data, i, allowed));
  const seen = new Set<string>();
  for (const p of prepared) {
    if (seen.has(p.key))
      throw validation('Transaction request cannot include multiple operations on one item');
    seen.add(p.key);
  }
  return prepared;
}

const read = (store: DynaliteStoreApi, p: Prepared): Promise<Data | undefined> =>
  new Promise((resolve, reject) =>
    store
      .getItemDb(p.table.TableName)
      .get(p.key.slice(p.key.indexOf('\u0000') + 1), (err, item) =>
        err && err.name !== 'NotFoundError' ? reject(err) : resolve(err ? undefined : item),
      ),
  );

const run = (store: DynaliteStoreApi, kind: Kind, data: Data) =>
  call<Data>((cb) => actions[kind](store, data, cb));

/** Put an item back as it was before the transaction (absent: deleted). */
async function restore(store: DynaliteStoreApi, entry: JournalEntry) {
  const { TableName, key, old } = entry;
  if (old) await run(store, 'putItem', { TableName, Item: old });
  else await run(store, 'deleteItem', { TableName, Key: key });
}

const journalEntry = (p: Prepared, old: Data | undefined): JournalEntry => ({
  TableName: p.table.TableName,
  key: p.keyAttributes,
  old: old ?? null,
});

function cancelled(reasons: Data[]): AwsError {
  const codes = reasons.map((r) => String(r.Code)).join(', ');
  return new AwsError(
    'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
    `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`,
    { CancellationReasons: reasons },
  );
}

/** Idempotency of ClientRequestToken: what a token's first call asked and answered. */
interface TokenUse {
  digest: string;
  answer: Data;
  at: number;
}

/** What a journal keeps of each item of a transaction being applied: where it is and what it was. */
interface JournalEntry {
  TableName: string;
  key: Data;
  old: Data | null;
}

/** Where a journal is written before it is renamed into place. */
const journalDraft = (journal: string): string => `${journal}.draft`;

export class DynaliteTransactions {
  private readonly tokens = new Map<string, TokenUse>();
  /** Settles once a journal left by a killed stand-in has been rolled back (at once without one). */
  readonly ready: Promise<void>;

  /** `journal`: the file that makes applying all or nothing across a kill; none for a store in memory. */
  constructor(
    private readonly store: DynaliteStoreApi,
    readonly gate: Gate,
    private readonly journal?: string,
  ) {
    this.ready = this.recover();
  }

  /** Put back the items of a transaction a kill left half applied, then forget it. */
  private async recover(): Promise<void> {
    if (!this.journal) return;
    // A journal being written when the kill came: its transaction had not begun to apply.
    rmSync(journalDraft(this.journal), { force: true });
    let entries: JournalEntry[];
    try {
      entries = JSON.parse(readFileSync(this.journal, 'utf8')) as JournalEntry[];
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return;
      throw error;
    }
    for (const e of entries) await restore(this.store, e);
    rmSync(this.journal, { force: true });
  }

  /**
   * Write the journal whole or not at all: to a draft first, then renamed over (atomic), so a kill
   * while writing leaves no cut journal that the next start could not read (it left the stand-in
   * unable to start, once, in the fault suite).
   */
  private record(entries: JournalEntry[]): void {
    if (!this.journal) return;
    const draft = journalDraft(this.journal);
    writeFileSync(draft, JSON.stringify(entries));
    renameSync(draft, this.journal);
  }

  private forget(): void {
    if (this.journal) rmSync(this.journal, { force: true });
  }

  async transactWrite(body: Data): Promise<Data> {
    const token = typeof body.ClientRequestToken === 'string' ? body.ClientRequestToken : null;
    const digest = createHash('sha256').update(JSON.stringify(body.TransactItems)).digest('hex');
    const now = Date.now();
    for (const [t, use] of this.tokens) if (now - use.at > TOKEN_MS) this.tokens.delete(t);
    const earlier = token ? this.tokens.get(token) : undefined;
    if (earlier) {
      if (earlier.digest !== digest)
        throw new AwsError(
          'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException',
          'The request uses the same client token as a previous, but non-identical request.',
        );
      return earlier.answer;
    }
    const prepared = await prepareAll(this.store, body, [
      'Put',
      'Update',
      'Delete',
      'ConditionCheck',
    ]);
    // Every condition first, against the items as they are: nothing is written unless all hold.
    const olds = await Promise.all(prepared.map((p) => read(this.store, p)));
    const reasons = prepared.map((p, i): Data => {
      if (!db.checkConditional(p.data, olds[i])) return { Code: 'None' };
      return {
        Code: 'ConditionalCheckFailed',
        Message: 'The conditional request failed',
        ...(p.returnOld && olds[i] ? { Item: olds[i] } : {}),
      };
    });
    if (reasons.some((r) => r.Code !== 'None')) throw cancelled(reasons);
    const writes = prepared.flatMap((p, i) => (p.kind === 'ConditionCheck' ? [] : [{ p, i }]));
    this.record(writes.map(({ p, i }) => journalEntry(p, olds[i])));
    const applied: JournalEntry[] = [];
    for (const { p, i } of writes) {
      try {
        await run(this.store, ACTION_OF[p.kind], p.data);
        applied.push(journalEntry(p, olds[i]));
      } catch (error) {
        for (const done of applied.reverse()) await restore(this.store, done);
        this.forget();
        const refused = asAws(error);
        throw cancelled(
          prepared.map((_, k): Data =>
            k === i ? { Code: 'ValidationError', Message: refused.message } : { Code: 'None' },
          ),
        );
      }
    }
    this.forget();
    const answer: Data = {};
    if (token) this.tokens.set(token, { digest, answer, at: now });
    return answer;
  }

  async transactGet(body: Data): Promise<Data> {
    const prepared = await prepareAll(this.store, body, ['Get']);
    const responses: Data[] = [];
    for (const p of prepared) {
      const out = await run(this.store, 'getItem', p.data);
      responses.push(out.Item ? { Item: out.Item } : {});
    }
    return { Responses: responses };
  }
}

function send(res: ServerResponse, status: number, body: Data, contentType: string) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Serve TransactWriteItems and TransactGetItems on a dynalite server, in front of its own handler;
 * every other call goes to dynalite as before, through the gate.
 */
export function serveTransactions(
  server: Server,
  store: DynaliteStoreApi,
  journal?: string,
): DynaliteTransactions {
  const transactions = new DynaliteTransactions(store, new Gate(), journal);
  const original = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const [api, operation] = String(req.headers['x-amz-target'] ?? '').split('.');
    const transactional =
      api === API && (operation === 'TransactWriteItems' || operation === 'TransactGetItems');
    const refuse = (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent)
        send(
          res,
          500,
          { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message },
          'application/x-amz-json-1.0',
        );
    };
    void transactions.ready
      .then(() => transactions.gate.enter(transactional))
      .then(async (leave) => {
        res.once('close', leave);
        res.once('finish', leave);
        if (!transactional) {
          for (const listener of original) listener.call(server, req, res);
          return;
        }
        const contentType = 'application/x-amz-json-1.0';
        try {
          const auth = req.headers.authorization ?? '';
          if (!auth.trim().startsWith('AWS4-'))
            throw new AwsError(
              'com.amazon.coral.service#MissingAuthenticationTokenException',
              'Request is missing Authentication Token',
            );
          let body: Data;
          try {
            body = JSON.parse(await readBody(req)) as Data;
          } catch {
            throw new AwsError('com.amazon.coral.service#SerializationException', 'Invalid JSON');
          }
          const out =
            operation === 'TransactWriteItems'
              ? await transactions.transactWrite(body)
              : await transactions.transactGet(body);
          send(res, 200, out, contentType);
        } catch (error) {
          if (error instanceof AwsError) send(res, 400, error.body(), contentType);
          else refuse(error);
        }
      }, refuse);
  });
  return transactions;
}
