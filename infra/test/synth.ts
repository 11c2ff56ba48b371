import { SYNTH_FOLDER_ENV } from './synth-folder';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as z from 'zod';
import { buildApp } from '../lib/app';
import type { ConfigOverrides, Stage } from '../lib/config';
import type { WebBuild } from '../lib/constructs/site';
import type { SiteStack } from '../lib/stacks/site-stack';
import type { WafStack } from '../lib/stacks/waf-stack';
import { wholeTemplate } from './template';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The `context` of cdk.json: what `cdk synth` passes to the app, feature flags included. */
export function cdkJsonContext(): Record<string, unknown> {
  return z
    .object({ context: z.record(z.string(), z.unknown()) })
    .parse(JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8'))).context;
}

/** One synth with cdk-nag takes seconds alone and much longer on a busy machine. */
export const SYNTH_TIMEOUT_MS = 240_000;

export interface Synthesized {
  app: App;
  stack: SiteStack;
  /** The site's stack's own template (its nested stacks are resources in it). */
  template: Template;
  /**
   * The site's stack with its nested stacks' resources in it, references resolved across them
   * (`wholeTemplate`): where a test looks for a function, a route or a grant, wherever it lives.
   */
  whole: Template;
  /** For each resource of a nested stack in `whole`, the site's stack's logical id of that nested stack. */
  nestedIn: ReadonlyMap<string, string>;
  /** The policy-validation report (cdk-nag findings and acknowledgements). */
  report: ValidationReport;
  outdir: string;
  /** The stage's WAF stack (us-east-1), when the synth turned it on. */
  waf?: WafStack;
}

const finding = z.object({
  ruleName: z.string(),
  violatingConstructs: z.array(z.object({ constructPath: z.string() })).default([]),
});
const reportSchema = z.object({
  pluginReports: z.array(
    z.object({
      pluginName: z.string(),
      conclusion: z.string(),
      violations: z.array(finding),
      suppressedViolations: z.array(finding).default([]),
    }),
  ),
});
export type ValidationReport = z.infer<typeof reportSchema>;

/** A small web build: prerendered pages, a not-found page, the app shell, a hashed asset and an unhashed picture, with its site pages. */
export function fakeWebBuild(): WebBuild {
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-web-'));
  const files: Record<string, string> = {
    'index.html': '<h1>Home</h1>',
    'about/index.html': '<h1>About</h1>',
    'seo-company-in-chennai/index.html': '<h1>SEO</h1>',
    '404/index.html': '<h1>Not found</h1>',
    'spa.html': '<div id="root"></div>',
    'robots.txt': 'User-agent: *',
    'assets/index-Ab12Cd34.js': 'console.log(1)',
    'assets/img/logo-dark.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  return {
    dir,
    pages: {
      prerendered: ['/', '/about', '/seo-company-in-chennai'],
      rendered: [
        '/blog',
        '/blog/*',
        '/how-to-start-a-career-in-a-digital-marketing-agency',
        '/sitemap.xml',
        '/rss.xml',
      ],
      app: ['/creative-login', '/admin', '/admin/leads', '/edit-blog/*'],
      notFound: '/404',
      thirdParties: {},
    },
  };
}

/** What an operator must give prod beyond the mail addresses: the site's and the sender's domains. */
export const PROD_DOMAINS = {
  domainNames: 'www.example.com',
  certificateArn:
    'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  mailFromDomain: 'mail.example.com',
} as const satisfies ConfigOverrides;

/**
 * Synthesize one stage once with cdk-nag on. Function code is the built `lambdas/dist` (run
 * `npm run build` first); asset and path metadata are on (as the CLI has them), so a test can find each function's staged code and name each nested stack.
 */
export function synthStage(
  stage: Stage,
  options: {
    web?: WebBuild;
    domainNames?: string;
    certificateArn?: string;
    leadWebhookUrlParam?: string;
    leadWebhookSecretParam?: string;
    /** `-c alarmEmails`; both stages get `ops@example.com` unless a test says otherwise. */
    alarmEmails?: string;
    monthlyBudgetUsd?: string;
    /** Any other setting, as an operator passes it with -c. */
    more?: ConfigOverrides;
  } = {},
): Synthesized {
  // Under the run's own folder (synth-folder.ts removes it at the end), else the system's.
  const outdir = mkdtempSync(
    path.join(process.env[SYNTH_FOLDER_ENV] ?? tmpdir(), 'agency-cdk-out-'),
  );
  const app = new App({
    outdir,
    context: {
      ...cdkJsonContext(),
      'aws:cdk:enable-asset-metadata': true,
      // As the CLI synthesises: deploy:check names nested stacks by their construct path.
      'aws:cdk:enable-path-metadata': true,
    },
  });
  const { stack, waf } = buildApp({
    app,
    stage,
    repoRoot: REPO_ROOT,
    web: options.web,
    overrides: {
      // What an operator passes with -c mailFrom/-c mailTo; the stage has no default for them.
      mailFrom: 'no-reply@example.com',
      mailTo: 'sales@example.com',
      // Prod refuses to synthesise without a custom domain and a sender domain: tests name
      // reserved example ones unless they pass their own.
      ...(stage === 'prod' ? PROD_DOMAINS : {}),
      ...(options.domainNames === undefined ? {} : { domainNames: options.domainNames }),
      ...(options.certificateArn === undefined ? {} : { certificateArn: options.certificateArn }),
      leadWebhookUrlParam: options.leadWebhookUrlParam,
      leadWebhookSecretParam: options.leadWebhookSecretParam,
      alarmEmails: options.alarmEmails ?? 'ops@example.com',
      monthlyBudgetUsd: options.monthlyBudgetUsd,
      ...options.more,
    },
    env: { account: '123456789012', region: 'eu-west-1' },
  });
  const readReport = () =>
    reportSchema.parse(
      JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')),
    );
  try {
    app.synth();
  } catch (error) {
    // cdk-nag failures stop the synth; name them instead of the bare "Validation failed".
    const findings = existsSync(path.join(outdir, 'validation-report.json'))
      ? readReport().pluginReports.flatMap((p) =>
          p.violations.flatMap((v) =>
            v.violatingConstructs.map((c) => `${v.ruleName} at ${c.constructPath}`),
          ),
        )
      : [];
    throw new Error(`Synth of ${stage} failed: ${String(error)}\n${findings.join('\n')}`);
  }
  const template = Template.fromStack(stack, { skipCyclicalDependenciesCheck: true });
  const whole = wholeTemplate(template.toJSON(), outdir);
  const report = readReport();
  return {
    app,
    stack,
    template,
    whole: whole.template,
    nestedIn: whole.nestedIn,
    report,
    outdir,
    ...(waf ? { waf } : {}),
  };
}
