// Type declarations for the two local stand-ins that ship without types.

declare module 'dynalite' {
  import type { Server } from 'node:http';
  interface DynaliteOptions {
    /** LevelDB folder; in memory when absent. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
    debug?: boolean;
  }
  function dynalite(options?: DynaliteOptions): Server;
  export = dynalite;
}

declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: Server;
  }
  export = S3rver;
}
