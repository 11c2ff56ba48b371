import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
let dataDir: string;

interface Running {
  child: ChildProcess;
  site: string;
  output: () => string;
}

/** Start `main.ts` like `npm start` does, on a free port, and wait for its banner. */
function start(extraEnv: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SEED: 'false',
      RENDER_HANDLER: path.join(dataDir, 'no-renderer.ts'),
      LOG_LEVEL: 'warn',
      LEAD_WEBHOOK_URL: '',
      LEAD_WEBHOOK_SECRET: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`main.ts did not start:\n${out}`)), 60_000);
    child.on('exit', (code) => reject(new Error(`main.ts exited with ${code}:\n${out}`)));
    child.stdout?.on('data', () => {
      const site = /Site:\s+(\S+?)\/?\s/.exec(out)?.[1];
      if (site && out.includes('Ctrl-C')) {
        clearTimeout(timer);
        resolve({ child, site, output: () => out });
      }
    });
  });
}

function stop(running: Running, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill(signal);
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agency-main-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start (main.ts)', () => {
  it('serves the API, stops cleanly on a signal, and reuses its data folder on the next start', async () => {
    const first = await start();
    expect(first.output()).toContain('admin@example.com / Admin-Passw0rd!2024');
    expect(first.output()).toMatch(/Lead webhook: none/);
    // Team invitations and reset codes are e-mails of the user pool; the banner says where they are.
    expect(first.output()).toMatch(
      /Mail inbox:[^\n]*\n\s+team invitations and password reset codes/,
    );
    const health = await fetch(`${first.site}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${first.site}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Admin-Passw0rd!2024' }),
    });
    expect(login.status).toBe(200);
    const config = await readFile(path.join(dataDir, 'local-config.json'), 'utf8');
    expect(await stop(first, 'SIGTERM')).toBe(0);

    // The second start has a webhook: the banner names its origin only (the path is the secret).
    const second = await start({
      LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hooks/T000/secret-path',
      LEAD_WEBHOOK_SECRET: 's'.repeat(32),
    });
    try {
      expect(second.output()).toContain(
        'Lead webhook: http://127.0.0.1:9/…   (signed with LEAD_WEBHOOK_SECRET)',
      );
      expect(second.output()).not.toContain('secret-path');
      expect(await readFile(path.join(dataDir, 'local-config.json'), 'utf8')).toBe(config);
      const again = await fetch(`${second.site}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin-Passw0rd!2024' }),
      });
      expect(again.status).toBe(200);
    } finally {
      expect(await stop(second, 'SIGINT')).toBe(0);
    }
  }, 120_000);
});
