/**
 * `tsx infra/scripts/smoke.ts https://site`: the prod canary's steps (home page, a blog post from
 * the sitemap, the enquiry challenge, the sign-in page) run once against a stage, as `npm run
 * deploy` does after each deploy. Exits 1 when a step fails; with GITHUB_STEP_SUMMARY set, writes
 * the results there as a table too.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { CANARY_PATHS } from '../lib/constructs/canary';

/** One smoke step's outcome. */
export interface SmokeResult {
  name: string;
  url: string;
  ok: boolean;
  status: number;
  ms: number;
  detail: string;
}

type SmokeChecks = (
  base: string,
  options: {
    captchaPath: string;
    signInPath: string;
    speculationRulesType: string;
    fetch?: typeof fetch;
    timeoutMs?: number;
  },
) => Promise<SmokeResult[]>;

const { smokeChecks } = createRequire(import.meta.url)('../lib/canary/smoke-checks.cjs') as {
  smokeChecks: SmokeChecks;
};

/** The paths the checks visit beside the home page and the sitemap's first post: the canary's. */
export const SMOKE_PATHS = CANARY_PATHS;

/** Run the canary's steps once against `base` (the stage's public origin). */
export function runSmoke(
  base: string,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<SmokeResult[]> {
  return smokeChecks(base, { ...SMOKE_PATHS, ...options });
}

/** The results as a Markdown table (the run's summary) . */
export function smokeReport(base: string, results: readonly SmokeResult[]): string {
  const failed = results.filter((r) => !r.ok).length;
  return [
    `### Smoke checks: ${base} — ${failed === 0 ? 'all passed' : `${failed} failed`}`,
    '',
    '| step | result | HTTP | ms | URL |',
    '| --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.ok ? '✅' : '❌'} ${r.detail} | ${r.status || '–'} | ${r.ms} | ${r.url} |`,
    ),
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const base = process.argv[2] ?? process.env.SITE_URL;
  if (!base || !/^https?:\/\/[^/]+/.test(base)) {
    console.error('Usage: tsx infra/scripts/smoke.ts https://site (or SITE_URL)');
    return 2;
  }
  const results = await runSmoke(base);
  const report = smokeReport(base, results);
  console.log(report);
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, report);
  return results.every((r) => r.ok) ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main();
