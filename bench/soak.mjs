// npm run bench:soak — does `npm start` hold its memory under a long run of database-backed
// requests? Starts the local stack as `npm start` runs it (handlers from source, DynamoDB on disk,
// sample posts seeded) on a temporary data folder; warms it up; then sends SOAK_REQUESTS (default
// 50,000) requests through the edge server with autocannon (8 connections), in ten rounds, each
// reading or writing DynamoDB: the public post list (pages 1 and 2: Queries), one post by slug (a
// Query and a GetItem) and a view counted (an UpdateItem). The stack process's resident memory
// (RSS, /proc/<pid>/status) is sampled before, every second during, after each round, and after
// 10 s idle. Memory levels off when the RSS grows by at most LEVEL_KB_PER_REQUEST over the second
// half of the rounds (least squares over the round checkpoints): the leak this soak was written
// for grew by about 80 KB per request without end. Writes bench/results/soak.json, prints the
// figures, and exits 1 when memory does not level off.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildPath } from '@agency/shared';
import { machine, repoRoot, startStack } from './lib/stack.mjs';

const REQUESTS = Number(process.env.SOAK_REQUESTS ?? 50_000);
const WARM_UP = Number(process.env.SOAK_WARM_UP ?? 2_000);
const ROUNDS = 10;
const CONNECTIONS = 8;
/** The most the RSS may still grow per request over the second half for memory to count as level. */
const LEVEL_KB_PER_REQUEST = 0.5;

const rssKb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb);
};
const mb = (kb) => Math.round(kb / 102.4) / 10;

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den ? num / den : 0;
}

function run(url, requests, amount) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, amount, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function main() {
  const stack = await startStack({ env: { LOG_LEVEL: 'error', API_THROTTLE: 'off' } });
  const samples = [];
  let done = 0;
  const sample = (phase) => {
    const kb = rssKb(stack.pid);
    samples.push({ phase, requests: done, rssKb: kb, at: new Date().toISOString() });
    return kb;
  };
  try {
    const page = (n) => buildPath('listPosts', {}, { page: n });
    // The stack answers before it has seeded its sample posts (it seeds through its own API).
    let slugs = [];
    for (const deadline = Date.now() + 180_000; slugs.length === 0;) {
      if (Date.now() > deadline) throw new Error('the stack seeded no posts to read within 180 s');
      if (existsSync(join(stack.dataDir, 'seeded'))) {
        const list = await (await fetch(`${stack.url}${page(1)}`)).json();
        slugs = list.results.map((p) => p.slug);
      }
      if (slugs.length === 0) await new Promise((r) => setTimeout(r, 500));
    }
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const requests = slugs.flatMap((slug) => [
      { method: 'GET', path: page(1) },
      { method: 'GET', path: page(2) },
      { method: 'POST', path: buildPath('getPost'), headers: form, body: `slug=${slug}` },
      { method: 'PUT', path: buildPath('increaseView'), headers: form, body: `slug=${slug}` },
    ]);
    const started = sample('start');
    console.log(`stack up, RSS ${mb(started)} MB; warming up with ${WARM_UP} requests…`);
    await run(stack.url, requests, WARM_UP);
    const before = sample('before');
    console.log(`RSS before: ${mb(before)} MB; ${REQUESTS} requests in ${ROUNDS} rounds…`);
    const timer = setInterval(() => sample('during'), 1000);
    const rounds = [];
    const t0 = Date.now();
    let errors = 0;
    let non2xx = 0;
    try {
      for (let r = 1; r <= ROUNDS; r++) {
        const amount = Math.round((REQUESTS * r) / ROUNDS) - done;
        const result = await run(stack.url, requests, amount);
        done += amount;
        errors += result.errors + result.timeouts;
        non2xx += result.non2xx;
        const kb = sample('round');
        rounds.push({ requests: done, rssKb: kb, rps: Math.round(result.requests.average) });
        console.log(
          `  ${done} requests: RSS ${mb(kb)} MB (${Math.round(result.requests.average)} req/s)`,
        );
      }
    } finally {
      clearInterval(timer);
    }
    const seconds = Math.round((Date.now() - t0) / 1000);
    await new Promise((r) => setTimeout(r, 10_000));
    const after = sample('after');
    const secondHalf = rounds.slice(Math.floor(ROUNDS / 2) - 1);
    const kbPerRequest =
      Math.round(slope(secondHalf.map((p) => ({ x: p.requests, y: p.rssKb }))) * 1000) / 1000;
    const peak = Math.max(...samples.map((s) => s.rssKb));
    const levelsOff = kbPerRequest <= LEVEL_KB_PER_REQUEST;
    const report = {
      date: new Date().toISOString(),
      machine: await machine(),
      load: (await import('node:os')).loadavg().map((l) => Math.round(l * 100) / 100),
      requests: REQUESTS,
      warmUp: WARM_UP,
      connections: CONNECTIONS,
      seconds,
      errors,
      non2xx,
      rssMb: { start: mb(started), before: mb(before), peak: mb(peak), after: mb(after) },
      rounds: rounds.map((r) => ({ ...r, rssMb: mb(r.rssKb) })),
      secondHalfKbPerRequest: kbPerRequest,
      target: { kbPerRequest: LEVEL_KB_PER_REQUEST },
      levelsOff,
      samples,
    };
    mkdirSync(join(repoRoot, 'bench', 'results'), { recursive: true });
    writeFileSync(join(repoRoot, 'bench', 'results', 'soak.json'), JSON.stringify(report, null, 2));
    console.log(
      `RSS ${mb(before)} MB before, ${mb(peak)} MB at peak, ${mb(after)} MB after ${REQUESTS} requests (${seconds} s, ${errors} errors, ${non2xx} non-2xx); second half ${kbPerRequest} KB per request (level: ≤ ${LEVEL_KB_PER_REQUEST}): ${levelsOff ? 'levels off' : 'DOES NOT level off'}`,
    );
    if (!levelsOff || errors > 0) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

await main();
