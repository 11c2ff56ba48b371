import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGatewayEvent } from '../edge-server/apigw-event';
import { renderHandlerLoader } from './render';

const WEB_ROOT = fileURLToPath(new URL('../../../../web', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agency-render-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderHandlerLoader', () => {
  it('builds an entry that imports CSS and an image with Vite, and runs its handler', async () => {
    await writeFile(path.join(dir, 'page.css'), 'h1 { color: red }');
    await writeFile(
      path.join(dir, 'logo.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<rect width="1" height="1"/>'.repeat(300)}</svg>`,
    );
    await writeFile(
      path.join(dir, 'entry.ts'),
      `import './page.css';
import logo from './logo.svg';
export const handler = async (event: { rawPath: string }) => ({ statusCode: 200, body: event.rawPath + ' ' + logo });`,
    );
    const load = renderHandlerLoader({
      entry: path.join(dir, 'entry.ts'),
      outDir: path.join(dir, 'out'),
      webRoot: WEB_ROOT,
      configFile: false,
    });
    const handler = await load();
    expect(handler).not.toBeNull();
    const result = await handler?.(apiGatewayEvent({ method: 'GET', rawPath: '/blog/x' }));
    expect(result).toEqual({
      statusCode: 200,
      body: expect.stringMatching(/^\/blog\/x \/assets\/logo-[\w-]+\.svg$/),
    });
  });

  it('gives null while the entry does not exist', async () => {
    const load = renderHandlerLoader({
      entry: path.join(dir, 'absent.ts'),
      outDir: path.join(dir, 'out2'),
      webRoot: WEB_ROOT,
    });
    expect(await load()).toBeNull();
  });
});
