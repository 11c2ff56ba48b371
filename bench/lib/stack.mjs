// Starts the whole local product (`npm start`'s server) as a child process on a free port and a
// temporary DATA_DIR, for the benchmarks and the browser journeys.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Build web/dist unless it exists and SKIP_BUILD is set. */
export function buildWeb({ force = false } = {}) {
  if (!force && process.env.SKIP_BUILD && existsSync(join(repoRoot, 'web', 'dist', 'index.html')))
    return;
  execFileSync('npm', ['run', 'build:local', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
}

/**
 * Start `lambdas/src/local/main.ts` and wait for /api/health, then for the seeded pages (/api/pages)
 * and for each of them to be served (rendered into the site bucket).
 * @param {{ dataDir?: string, port?: number, env?: Record<string,string>, quiet?: boolean }} [opts]
 */
export async function startStack(opts = {}) {
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'agency-stack-'));
  // A port found free can be taken before the server listens on it: the stack's own stand-ins
  // (and any other stack started beside it) listen on ports the system picks. The server then
  // exits with EADDRINUSE, and a second try on a port found free again starts it.
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await freePort());
    try {
      return await startOnce({ ...opts, port, dataDir, ownDir });
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 5) throw error;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

class PortTakenError extends Error {}

function exitedEarly(output) {
  const message = `local stack exited early:\n${output.slice(-4000)}`;
  return /EADDRINUSE/.test(output) ? new PortTakenError(message) : new Error(message);
}

async function startOnce({ port, dataDir, ownDir, ...opts }) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'lambdas/src/local/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SITE_URL: url,
        LOG_LEVEL: 'warn',
        ...opts.env,
      },
      stdio: ['ignore', opts.quiet === false ? 'inherit' : 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  // Never leave a server behind when the runner itself exits first.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw exitedEarly(output);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `local stack did not answer /api/health within 180 s:\n${output.slice(-4000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // The server answers before its start-up work is done: the site's pages are seeded moments
  // later (from the web build), and a journey or a benchmark needs them.
  for (;;) {
    const res = await fetch(`${url}/api/pages`).catch(() => null);
    const pages = res?.ok ? ((await res.json()).data ?? []) : [];
    if (pages.length > 0) break;
    if (child.exitCode !== null) throw exitedEarly(output);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`local stack seeded no pages within 180 s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // The edge serves the site from the site bucket alone, as CloudFront does: each seeded page is
  // there once the start has rendered it (the local side of the deploy's seed-pages job).
  for (;;) {
    const res = await fetch(`${url}/api/pages`).catch(() => null);
    const paths = res?.ok ? ((await res.json()).data ?? []).map((p) => p.path) : [];
    const statuses = await Promise.all(
      paths.map((p) =>
        fetch(`${url}${p}`, { method: 'HEAD', redirect: 'manual' }).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    if (paths.length > 0 && statuses.every((s) => s === 200)) break;
    if (child.exitCode !== null) throw exitedEarly(output);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`local stack rendered no pages within 180 s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    /** The stack's process (stand-ins, edge server and handlers run in it). */
    pid: child.pid,
    output: () => output,
    /** Kill without cleanup (for crash tests); the data dir is kept. */
    async kill(signal = 'SIGKILL') {
      child.kill(signal);
      return exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      // esbuild's service (a process of its own) may still be writing a render bundle for a moment.
      if (ownDir)
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

export function machine() {
  return import('node:os').then(
    (os) =>
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
  );
}
