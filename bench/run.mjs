// npm run bench — runs bench:api, bench:web, bench:soak and bench:edge, then writes bench/results/latest.md with every
// figure against its target, pass/fail, date and machine.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { soakSection } from './lib/soak-report.mjs';
import { machine, repoRoot } from './lib/stack.mjs';

const results = join(repoRoot, 'bench', 'results');
const run = (script) => {
  try {
    execFileSync('npm', ['run', script], { cwd: repoRoot, stdio: 'inherit' });
    return null;
  } catch (e) {
    return String(e.message ?? e);
  }
};
const read = (name) => {
  const file = join(results, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};
const mark = (ok) => (ok ? 'pass' : '**FAIL**');

// --report-only: compose the report from the last results without measuring again.
const reportOnly = process.argv.includes('--report-only');
const apiError = reportOnly ? null : run('bench:api');
const webError = reportOnly ? null : run('bench:web');
const soakError = reportOnly ? null : run('bench:soak');
const edgeError = reportOnly ? null : run('bench:edge');
const api = read('api.json');
const web = read('web.json');
const soak = read('soak.json');
const edge = read('edge.json');

const lines = [
  '# Benchmark report',
  '',
  `Date: ${new Date().toISOString()}  `,
  `Machine: ${await machine()}`,
  '',
  'Produced by `npm run bench` (`bench:api` + `bench:web` + `bench:soak` + `bench:edge`). Each figure is measured on this machine, on loopback, against the local stack of `npm start`.',
  '',
  '## API (`npm run bench:api`: autocannon, 32 connections, 10 s per run)',
  '',
];
if (!api || apiError) lines.push(`bench:api did not complete: ${apiError ?? 'no results'}`, '');
if (api) {
  lines.push('| measurement | req/s | p50 ms | p99 ms |', '|---|---|---|---|');
  for (const [label, r] of [
    [`GET post list page 1, ${api.smallCount} posts`, api.listSmall],
    [`GET post list page 1, ${api.largeCount} posts`, api.listLarge],
    ['PUT increase-view', api.increaseView],
    ...(api.dashboardSmall
      ? [
          [
            `GET dashboard (admin, 2 connections, 20 s), ${api.dashboardSmall.leads} leads, ${api.dashboardViews} views`,
            api.dashboardSmall,
          ],
          [
            `GET dashboard (admin, 2 connections, 20 s), ${api.dashboardLarge.leads} leads, ${api.dashboardViews} views`,
            api.dashboardLarge,
          ],
        ]
      : []),
  ])
    lines.push(`| ${label} | ${r.rps} | ${r.p50} | ${r.p99} |`);
  if (api.listReads) {
    lines.push(
      '',
      `DynamoDB reads of one public list request with ${api.largeCount} posts, ${api.hiddenCount} of them drafts or scheduled (the real handler, every call recorded):`,
      '',
      '| request | call | items scanned | items returned | read capacity |',
      '|---|---|---|---|---|',
    );
    for (const [page, calls] of Object.entries(api.listReads))
      for (const c of calls)
        lines.push(`| ${page} | ${c.call} | ${c.scanned} | ${c.returned} | ${c.capacity} |`);
  }
  lines.push('', '| target | figure | result |', '|---|---|---|');
  if (api.postItemsReadPage1 !== undefined)
    lines.push(
      `| public list page 1 reads no hidden post: post items read ≤ 11 (10 + 1 look-ahead) | ${api.postItemsReadPage1} | ${mark(api.postItemsReadPage1 <= 11)} |`,
    );
  lines.push(
    `| list p50 ratio ${api.largeCount}/${api.smallCount} ≤ ${api.targets.ratio} | ${api.ratio} | ${mark(api.ratio <= api.targets.ratio)} |`,
  );
  if (api.dashboardRatio !== undefined)
    lines.push(
      `| dashboard p50 ratio ${api.dashboardLarge.leads}/${api.dashboardSmall.leads} leads (${api.dashboardViews} views, ${api.dashboardViewCounters} day counters) ≤ ${api.targets.dashboardRatio} | ${api.dashboardRatio} | ${mark(api.dashboardRatio <= api.targets.dashboardRatio)} |`,
    );
  if (api.dashboardReads)
    lines.push(
      `| dashboard reads do not grow with the leads: DynamoDB calls / items read for one dashboard, ${api.dashboardSmall.leads} → ${api.dashboardLarge.leads} leads | ${api.dashboardReads.small.calls} / ${api.dashboardReads.small.itemsRead} → ${api.dashboardReads.large.calls} / ${api.dashboardReads.large.itemsRead} | ${mark(api.dashboardReads.large.calls === api.dashboardReads.small.calls)} |`,
    );
  const worstBundle = Math.max(...api.handlers.map((h) => h.bundleKb));
  const workers = api.targets.workers ?? {};
  const onRequests = api.handlers.filter((h) => !(h.name in workers));
  const over = onRequests.filter((h) => h.coldImportMs > api.targets.coldImportMs);
  const worstRequest = Math.max(...onRequests.map((h) => h.coldImportMs));
  lines.push(
    `| what a cold start of every shipped bundle parses (index.mjs and the chunks it imports statically) ≤ ${api.targets.bundleKb} KB | largest ${worstBundle} KB | ${mark(worstBundle <= api.targets.bundleKb)} |`,
  );
  if (api.targets.startBudgetKb) {
    const overStart = api.handlers.filter((h) => h.bundleKb > api.targets.startBudgetKb[h.name]);
    lines.push(
      `| what each cold start parses within its own budget (what deploy:check gates: \`startBudgetKb\` in lambdas/bundling/artifacts.ts) | ${overStart.length ? `over: ${overStart.map((h) => `${h.name} ${h.bundleKb} KB`).join(', ')}` : 'all within'} | ${mark(overStart.length === 0)} |`,
    );
  }
  lines.push(
    `| every cold import of a function on a request path ≤ ${api.targets.coldImportMs} ms (empty folder, median of 5) | slowest ${worstRequest} ms${over.length ? ` (over: ${over.map((h) => h.name).join(', ')})` : ''} | ${mark(worstRequest <= api.targets.coldImportMs)} |`,
  );
  for (const h of api.handlers.filter((f) => f.name in workers))
    lines.push(
      `| ${h.name} (a worker other functions invoke, never a visitor) cold import ≤ ${workers[h.name]} ms, its documented ceiling | ${h.coldImportMs} ms | ${mark(h.coldImportMs <= workers[h.name])} |`,
    );
  lines.push(
    '',
    '| function (shipped bundle, lambdas/dist) | parsed at start KB | index.mjs KB | all code KB | cold import ms (median of 5) | fastest run ms | runs |',
    '|---|---|---|---|---|---|---|',
  );
  for (const h of api.handlers)
    lines.push(
      `| ${h.name} | ${h.bundleKb} | ${h.indexKb ?? '—'} | ${h.totalKb ?? '—'} | ${h.coldImportMs} | ${h.coldImportBestMs ?? '—'} | ${(h.coldImportRuns ?? []).join(', ')} |`,
    );
  lines.push('');
}
lines.push('## Web (`npm run bench:web`: Lighthouse 12, mobile, Debian chromium)', '');
if (!web || webError) lines.push(`bench:web did not complete: ${webError ?? 'no results'}`, '');
if (web) {
  const t = web.targets;
  lines.push(
    '| route | perf (median of the runs) | a11y | best practices | SEO | FCP ms | LCP ms | SI ms | TBT ms | CLS | JS at load KB transferred (scripts) ≤ target | same files, gzip -9 KB | JS after a full scroll and one use of each island, KB | result |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of web.rows) {
    const ok =
      [r.performance, r.accessibility, r.bestPractices, r.seo].every((s) => s >= t.score) &&
      r.firstLoadJsKb <= (r.firstLoadJsTargetKb ?? t.loadJsKb) &&
      r.lcpMs <= t.lcpMs &&
      r.tbtMs <= t.tbtMs;
    const target = `${r.firstLoadJsTargetKb ?? t.loadJsKb}${r.reactWhenIdle ? ', React loaded when idle' : ''}`;
    lines.push(
      `| ${r.route} | ${r.performance} (runs ${(r.performanceRuns ?? []).join(', ')}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.speedIndexMs} | ${r.tbtMs} | ${r.cls} | ${r.firstLoadJsKb} (${r.scripts}) ≤ ${target} | ${r.firstLoadJsGzipKb ?? '—'} | ${r.afterUse?.afterUseKb ?? '—'} | ${mark(ok)} |`,
    );
  }
  lines.push(
    '',
    `Targets: every category ${t.score}; LCP ≤ ${t.lcpMs} ms; TBT ${t.tbtMs} ms; JavaScript at load ≤ ${t.loadJsKb} KB transferred (≤ ${t.idleJsKb} KB on a page whose island wakes when idle and loads React: the home page's hero).`,
    'Each route is measured in several Lighthouse runs (`BENCH_WEB_RUNS`, default 5); the table shows the median run.',
    'JavaScript at load is every script the page requested during that run: the bytes Lighthouse saw transferred (`transferSize`: the compressed body as `npm start` serves it, and its response headers), and, for comparison, the same built files under gzip -9.',
    "JavaScript after use is measured in Chromium under Lighthouse's mobile conditions (412 px, CPU 4× slower, slow 4G): every script transferred once the page was scrolled to the bottom a screen at a time and each kind of island on it used once (bench/lib/island-use.mjs).",
  );
  for (const r of web.rows.filter((row) => row.afterUse?.uses.some((u) => !u.ok)))
    lines.push(
      `- ${r.route}: could not use ${r.afterUse.uses
        .filter((u) => !u.ok)
        .map((u) => `${u.island} (${u.what}: ${u.error})`)
        .join(', ')}`,
    );
  for (const r of web.rows.filter((row) => row.afterUse?.failedScripts?.length))
    lines.push(`- ${r.route}: scripts that failed: ${r.afterUse.failedScripts.join(', ')}`);
  for (const r of web.rows.filter((row) => row.afterUse?.notLive.length))
    lines.push(`- ${r.route}: islands not live after use: ${r.afterUse.notLive.join(', ')}`);
  for (const r of web.rows.filter((row) => row.failedRuns?.length))
    lines.push(
      `- ${r.route}: ${r.failedRuns.length} run(s) Lighthouse could not score (${r.failedRuns.join(', ')}), left out of the median`,
    );
  const failing = web.rows.filter((r) => r.failingAudits.length);
  for (const r of failing) lines.push(`- ${r.route} failing audits: ${r.failingAudits.join(', ')}`);
  if (web.inp?.length) {
    lines.push(
      '',
      `### INP of a first interaction (web-vitals, 375 px, CPU 4× slower, slow 4G; each on a fresh load, median of the runs)`,
      '',
      `| interaction | page | INP ms (target ≤ ${t.inpMs}) | runs | input delay / processing / presentation ms | target of the event | result |`,
      '|---|---|---|---|---|---|---|',
    );
    for (const c of web.inp)
      lines.push(
        `| ${c.name} | ${c.route} | ${c.inpMs ?? 'none reported'} | ${c.runsMs.join(', ')} | ${c.inputDelayMs ?? '—'} / ${c.processingMs ?? '—'} / ${c.presentationMs ?? '—'} | \`${c.target ?? '?'}\` | ${mark(c.inpMs !== null && c.inpMs <= t.inpMs)} |`,
      );
  }
  if (web.photoPosts?.photos) {
    lines.push(
      '',
      `### Photos (${web.photoPosts.photos.length} posts with a 4000 × 3000 photo banner, uploaded through the upload flow)`,
      '',
      '| file | bytes | size | upload ms (createUpload + bucket POST) | confirm ms (checks + variants) |',
      '|---|---|---|---|---|',
    );
    for (const p of web.photoPosts.photos)
      lines.push(
        `| ${p.filename} | ${p.bytes} | ${p.width} × ${p.height} | ${p.uploadMs} | ${p.confirmMs} |`,
      );
  } else if (web.photoPosts?.error)
    lines.push('', `Photo posts could not be added: ${web.photoPosts.error}`);
  const lcpRows = web.rows.filter((r) => r.lcpImage);
  if (lcpRows.length) {
    lines.push(
      '',
      "### The largest paint's image (Chromium, Lighthouse's mobile emulation: 412 px, DPR 1.75)",
      '',
      '| route | LCP ms (target ≤ ' +
        web.targets.lcpMs +
        ') | image | type | KB (target ≤ ' +
        web.targets.lcpImageKb +
        ') | requests of its folder | result |',
      '|---|---|---|---|---|---|---|',
    );
    for (const r of lcpRows) {
      const i = r.lcpImage;
      const kb = i.bytes === null ? null : Math.round((i.bytes / 1024) * 10) / 10;
      const ok =
        r.lcpMs <= web.targets.lcpMs &&
        kb !== null &&
        kb <= web.targets.lcpImageKb &&
        i.fetchesOfImage.length === 1 &&
        i.preloadWarnings.length === 0;
      lines.push(
        `| ${r.route} | ${r.lcpMs} | ${i.url} | ${i.type} | ${kb ?? '?'} | ${i.fetchesOfImage.length}${i.preloadWarnings.length ? ` (${i.preloadWarnings.join(' ')})` : ''} | ${mark(ok)} |`,
      );
    }
  }
  if (web.sizes?.length) {
    lines.push(
      '',
      "### `sizes` against the layout (every responsive image's rendered width, and the width its `sizes` announces)",
      '',
      '| page | viewport | where | rendered px | sizes px | file chosen | result |',
      '|---|---|---|---|---|---|---|',
    );
    for (const s of web.sizes)
      lines.push(
        `| ${s.url} | ${s.layout} | ${s.where} | ${s.rendered} | ${s.announced} | ${s.chosen} | ${mark(s.announced !== null && Math.abs(s.announced - s.rendered) <= 1)} |`,
      );
  }
}
if (!soak || soakError)
  lines.push('', `bench:soak did not complete: ${soakError ?? 'no results'}`, '');
if (soak) lines.push('', ...soakSection(soak, mark));
lines.push('', '## Edge (`npm run bench:edge`: the CloudFront Function in node:vm)', '');
if (!edge || edgeError) lines.push(`bench:edge did not complete: ${edgeError ?? 'no results'}`, '');
if (edge) {
  lines.push(
    `${edge.runs} viewer requests per case, the function's code as the CDK inlines it; CloudFront's own compute utilisation is only shown by its console's test, so this is the local measure.`,
    '',
    '| case | median µs | p99 µs |',
    '|---|---|---|',
  );
  for (const [label, c] of [
    ['a page, empty redirect store', edge.cases.missWithout],
    [`a page, ${edge.redirects} redirects in the store`, edge.cases.missWith10k],
    [`a redirect hit, ${edge.redirects} redirects`, edge.cases.hitWith10k],
    [`an unknown path (404), ${edge.redirects} redirects`, edge.cases.unknownWith10k],
  ])
    lines.push(`| ${label} | ${c.medianUs} | ${c.p99Us} |`);
  lines.push(
    '',
    '| target | figure | result |',
    '|---|---|---|',
    `| code within CloudFront Functions' ${edge.maxCodeBytes} bytes | ${edge.codeBytes} | ${mark(edge.codeBytes <= edge.maxCodeBytes)} |`,
    `| a miss with ${edge.redirects} redirects as fast as without (median ratio ≤ 1.25) | ${edge.missRatio} | ${mark(edge.missRatio <= 1.25)} |`,
  );
}
// Written as Prettier formats it, so the committed report passes `prettier --check` in npm test.
const report = join(results, 'latest.md');
writeFileSync(
  report,
  await prettier.format(`${lines.join('\n')}\n`, {
    ...(await prettier.resolveConfig(report)),
    filepath: report,
  }),
);
console.log(`wrote bench/results/latest.md`);
if (apiError || webError || soakError || edgeError) process.exit(1);
