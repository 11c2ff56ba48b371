// npm run bench:edge: times the CloudFront Function (the very code the CDK inlines) with 10,000
// redirects in the KeyValueStore stand-in against the same function with an empty store: a miss must
// cost what it cost without redirects (one key lookup), a hit answers before any routing. CloudFront
// reports compute utilisation only in its console's test; this is the local measure of the same
// code (node:vm), per viewer request, and the code's size against CloudFront's 10 KB. Writes
// bench/results/edge.json.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normaliseRedirectPath, redirectValue } from '@agency/shared';
import {
  createEdge,
  MAX_FUNCTION_BYTES,
  readSitePagesFile,
  viewerRequestEvent,
  type Edge,
} from '@agency/shared/edge';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pages = readSitePagesFile(path.join(repoRoot, 'web', 'dist-server', 'site-pages.json'));
const REDIRECTS = 10_000;
const RUNS = 20_000;

const store = new Map<string, string>();
for (let i = 0; i < REDIRECTS; i++)
  store.set(
    normaliseRedirectPath(`/old/campaign-page-${i}`),
    redirectValue(301, `/blog/post-${i}?ref=old`),
  );

const withStore = createEdge(pages, (key) => store.get(key));
const empty = createEdge(pages, () => undefined);

async function time(edge: Edge, url: string): Promise<{ medianUs: number; p99Us: number }> {
  const [p = '/', query = ''] = url.split('?');
  const event = viewerRequestEvent({
    method: 'GET',
    path: p,
    query,
    headers: {},
    ip: '203.0.113.7',
  });
  for (let i = 0; i < 2_000; i++) await edge.fn.viewerRequest(event);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await edge.fn.viewerRequest(event);
    samples.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((samples[Math.floor(q * (samples.length - 1))] ?? 0) * 10) / 10;
  return { medianUs: at(0.5), p99Us: at(0.99) };
}

const cases = {
  missWithout: await time(empty, '/about'),
  missWith10k: await time(withStore, '/about'),
  hitWith10k: await time(withStore, '/old/campaign-page-7777/?utm_source=x'),
  unknownWith10k: await time(withStore, '/no-such-page'),
};
const codeBytes = Buffer.byteLength(withStore.code);
const ratio = Math.round((cases.missWith10k.medianUs / cases.missWithout.medianUs) * 100) / 100;
const result = {
  date: new Date().toISOString(),
  redirects: REDIRECTS,
  runs: RUNS,
  codeBytes,
  maxCodeBytes: MAX_FUNCTION_BYTES,
  cases,
  missRatio: ratio,
  // A miss with the store may cost at most a quarter more than without (one lookup, timer noise).
  pass: codeBytes <= MAX_FUNCTION_BYTES && ratio <= 1.25,
};
writeFileSync(
  path.join(repoRoot, 'bench', 'results', 'edge.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.table(cases);
console.log(
  `code ${codeBytes} B of ${MAX_FUNCTION_BYTES}; a miss with ${REDIRECTS} redirects takes ${ratio}× the time without: ${result.pass ? 'pass' : 'FAIL'}`,
);
if (!result.pass) process.exitCode = 1;
