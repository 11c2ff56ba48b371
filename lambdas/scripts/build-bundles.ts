/**
 * `npm run build -w lambdas`: every Lambda function of the project into `lambdas/dist/<function>/`
 * (see bundling/bundle.ts), what `cdk synth` uploads and `LOCAL_HANDLERS=bundles` runs. Needs the
 * web build first (the render function is the web app's server entry). Prints each size.
 */
import { copyFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { bundleFunction, writeBuildReport } from '../bundling/bundle';
import { bundleDir, DIST_DIR, FUNCTIONS, LAMBDAS_ROOT } from '../bundling/functions';

const started = performance.now();
// From scratch, so the folder holds exactly the functions of today's list.
await rm(DIST_DIR, { recursive: true, force: true });
// esbuild runs its builds in parallel itself; the render function also runs Vite, so it goes alone.
const handlers = await Promise.all(
  FUNCTIONS.filter((fn) => fn.kind !== 'render').map((fn) => bundleFunction(fn)),
);
const render = await Promise.all(
  FUNCTIONS.filter((fn) => fn.kind === 'render').map((fn) => bundleFunction(fn)),
);
const bundles = [...handlers, ...render];
// The seed job reads the web build's pages beside its bundle (modules/pages/jobs/seed-pages.ts).
const seed = path.join(LAMBDAS_ROOT, '..', 'web', 'dist-server', 'seed-pages.json');
if (existsSync(seed)) await copyFile(seed, path.join(bundleDir('seed-pages'), 'seed-pages.json'));
else console.warn(`No ${seed}: the seed-pages bundle has no pages to seed (build web first).`);
const report = await writeBuildReport(bundles);
for (const b of bundles)
  console.log(
    `  ${b.name.padEnd(26)} ${(b.bytes / 1024).toFixed(1).padStart(8)} KB at start, ${(b.totalBytes / 1024).toFixed(1).padStart(7)} KB in all`,
  );
console.log(
  `${bundles.length} Lambda bundles in ${DIST_DIR} (${Math.round(performance.now() - started)} ms); sizes and heaviest inputs: ${report}`,
);
