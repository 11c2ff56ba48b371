import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import dynalite from 'dynalite';
import { serveTransactions, type DynaliteStoreApi } from './dynalite-transactions';

/**
 * dynalite (the DynamoDB stand-in) with its LevelDB iterators closed.
 *
 * dynalite 4.0.0 (the latest release; no maintained fork) reads every Query, Scan and ListTables
 * through a stream over a LevelDB iterator, and on the stream's end or destruction closes the
 * iterator with `iterator.return()`: a method abstract-level's iterators do not have (theirs is
 * `close()`). So no iterator was ever closed: each stayed attached to the database with its
 * snapshot and read-ahead, and `npm start` grew by about 80 KB per request that read a list
 * (981 MB to 4.7 GB over 60,000 requests, never levelling off). Here every store dynalite creates
 * gets streams that close their iterator when they end or are destroyed; nothing in node_modules
 * is changed.
 */

/** The parts of an abstract-level iterator and database the streams use. */
interface LevelIterator {
  next(): Promise<unknown>;
  close(): Promise<void>;
}
interface LevelDb {
  keys(options?: object): LevelIterator;
  values(options?: object): LevelIterator;
  createKeyStream?: (options?: object) => Readable;
  createValueStream?: (options?: object) => Readable;
}
interface DynaliteStore extends DynaliteStoreApi {
  db: LevelDb;
}
interface DynaliteDbModule {
  create(options?: object): DynaliteStore;
}

/** Iterators a store's streams opened: those not closed yet, and how many in all. */
interface Iterators {
  open: Set<LevelIterator>;
  opened: number;
}
const iteratorsOf = new WeakMap<LevelDb, Iterators>();
/** The store each server answers from. */
const storeOf = new WeakMap<Server, LevelDb>();

/** A stream of an iterator's entries that closes the iterator when it ends or is destroyed. */
function iteratorStream(iterator: LevelIterator, iterators: Iterators): Readable {
  const { open } = iterators;
  open.add(iterator);
  iterators.opened++;
  return new Readable({
    objectMode: true,
    read() {
      iterator.next().then(
        (value) => this.push(value === undefined ? null : value),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    // Called on destroy() (dynalite destroys a stream it stops reading early, as a Query with a
    // Limit does) and, through autoDestroy, after the stream ends. close() waits for a read in flight.
    destroy(error, callback) {
      iterator.close().then(
        () => {
          open.delete(iterator);
          callback(error);
        },
        // Left counted as open: it may still hold its snapshot.
        (closeError: unknown) =>
          callback(error ?? (closeError instanceof Error ? closeError : null)),
      );
    },
  });
}

function closingStreams(db: LevelDb): void {
  if (typeof db.keys !== 'function' || typeof db.values !== 'function')
    throw new Error(
      'dynalite: its store no longer exposes an abstract-level database (db.keys/db.values); check that the iterator fix in dynalite-store.ts still applies to this version',
    );
  const iterators: Iterators = { open: new Set(), opened: 0 };
  iteratorsOf.set(db, iterators);
  db.createKeyStream = (options) => iteratorStream(db.keys(options), iterators);
  db.createValueStream = (options) => iteratorStream(db.values(options), iterators);
}

let lastStore: DynaliteStore | undefined;
let hooked = false;

/** Give every store dynalite creates from now on streams that close their iterators. */
function hookStores(): void {
  if (hooked) return;
  // The module dynalite's server calls `create` on (a property read on each call), from the same
  // installation `import dynalite` loads.
  const require = createRequire(import.meta.url);
  const dbModule = require(
    require.resolve('dynalite/db/index.js', { paths: [require.resolve('dynalite')] }),
  ) as DynaliteDbModule;
  const create = dbModule.create.bind(dbModule);
  dbModule.create = (options) => {
    const store = create(options);
    closingStreams(store.db);
    lastStore = store;
    return store;
  };
  hooked = true;
}

/** The journal of the transaction being applied, beside a store's LevelDB folder. */
export const transactionJournal = (dbPath: string): string =>
  path.join(path.dirname(dbPath), `${path.basename(dbPath)}.transaction-journal.json`);

/**
 * A dynalite server whose reads close their LevelDB iterators (see above) and which serves
 * TransactWriteItems and TransactGetItems (dynalite-transactions.ts).
 */
export function startDynalite(options: Parameters<typeof dynalite>[0]): Server {
  hookStores();
  lastStore = undefined;
  const server = dynalite(options);
  const store = lastStore as DynaliteStore | undefined;
  if (!store) throw new Error('dynalite: the server did not create its store through db.create');
  storeOf.set(server, store.db);
  // On disk, beside the LevelDB folder: a transaction a kill left half applied is rolled back at start.
  serveTransactions(server, store, options?.path ? transactionJournal(options.path) : undefined);
  return server;
}

/** LevelDB iterators of this server's store: opened since it started, and open now (0 between requests). */
export function iteratorCounts(server: Server): { opened: number; open: number } {
  const db = storeOf.get(server);
  const iterators = db && iteratorsOf.get(db);
  if (!iterators) throw new Error('iteratorCounts: not a server startDynalite started');
  return { opened: iterators.opened, open: iterators.open.size };
}
