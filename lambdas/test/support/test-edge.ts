import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createLocalServer, type LocalServerOptions } from '../../src/local/edge-server/server';
import type { TestStack } from '../harness';

/** A started local edge over a test stack: its address, then stop it (its build folder removed). */
export interface TestEdge {
  base: string;
  stop(): Promise<void>;
}

export interface TestEdgeOptions {
  /** The build's files the edge may serve, by key (`about/index.html` → its body). */
  files?: Readonly<Record<string, string>>;
  sitePages: NonNullable<LocalServerOptions['sitePages']>;
  /** The redirect store the edge function reads (default: the stack's KeyValueStore stand-in). */
  redirects?: LocalServerOptions['redirects'];
  /** Serve the site from the stack's site bucket, as CloudFront does (else from `files`). */
  siteBucket?: boolean;
}

/** The local edge server in front of a test stack, as a visitor reaches it. */
export async function startTestEdge(stack: TestStack, options: TestEdgeOptions): Promise<TestEdge> {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'agency-edge-'));
  for (const [key, body] of Object.entries(options.files ?? {})) {
    await mkdir(path.dirname(path.join(webDist, key)), { recursive: true });
    await writeFile(path.join(webDist, key), body);
  }
  const server: Server = createLocalServer({
    webDist,
    sitePages: options.sitePages,
    media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
    redirects: options.redirects ?? ((key) => stack.standIns.redirectStore.get(key)),
    ...(options.siteBucket
      ? { siteBucket: { s3: stack.clients.s3, bucket: stack.env.SITE_BUCKET } }
      : {}),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    base: `http://127.0.0.1:${address.port}`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(webDist, { recursive: true, force: true });
    },
  };
}
