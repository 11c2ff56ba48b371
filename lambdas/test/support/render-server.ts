import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SPECIAL_SLUGS } from '@agency/shared';
import { createLocalServer } from '../../src/local/edge-server/server';
import { renderHandlerLoader } from '../../src/local/functions/render';
import type { TestStack } from '../harness';

/** A started render server: fetch a site path, then stop it (restoring the environment). */
export interface RenderServer {
  page(p: string): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

/**
 * The blog's render handler over a test stack's API, behind the local edge server, as a visitor
 * reaches it: `/blog`, `/blog/*`, the career address, the sitemap and the feed. It lists each page's
 * chunks from the web build's manifest, so the web app must have been built (npm test builds first).
 */
export async function startRenderServer(
  stack: TestStack,
  siteUrl = 'https://agency.test',
): Promise<RenderServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agency-render-'));
  const web = path.join(dir, 'web');
  await mkdir(path.join(web, '.vite'), { recursive: true });
  await writeFile(
    path.join(web, 'spa.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Shell</title>
<script type="application/json" id="app-modules">[]</script></head><body><div id="root"></div></body></html>`,
  );
  const webRoot = fileURLToPath(new URL('../../../web', import.meta.url));
  await copyFile(
    path.join(webRoot, 'dist', '.vite', 'manifest.json'),
    path.join(web, '.vite', 'manifest.json'),
  );
  const server: Server = createLocalServer({
    webDist: web,
    sitePages: {
      prerendered: [],
      rendered: ['/blog', '/blog/*', `/${SPECIAL_SLUGS.career}`, '/sitemap.xml', '/rss.xml'],
      app: [],
      notFound: '/404',
    },
    media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
    renderHandler: renderHandlerLoader({
      entry: path.join(webRoot, 'src/server/render-handler.ts'),
      outDir: path.join(dir, 'render'),
      webRoot,
    }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  const saved = new Map<string, string | undefined>();
  for (const [k, v] of Object.entries({ API_ORIGIN: base, SITE_URL: siteUrl, WEB_DIST: web })) {
    saved.set(k, process.env[k]);
    process.env[k] = v;
  }
  return {
    async page(p) {
      const res = await fetch(base + p);
      return { status: res.status, body: await res.text() };
    },
    async stop() {
      for (const [k, v] of saved) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
