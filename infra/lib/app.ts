import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readSitePagesFile } from '@agency/shared/edge';
import { Annotations, App, Tags, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ConfigError, stageConfig, type ConfigOverrides, type Stage } from './config';
import type { WebBuild } from './constructs/site';
import { GithubDeployStack, githubStackName } from './stacks/github-deploy-stack';
import { EdgeMonitoringStack, edgeMonitoringStackName } from './stacks/edge-monitoring-stack';
import { SiteStack } from './stacks/site-stack';
import { WAF_REGION, WafStack, wafStackName } from './stacks/waf-stack';

export interface BuildAppOptions {
  stage: Stage;
  repoRoot: string;
  /** Account and region to deploy to; environment-agnostic when absent. */
  env?: Environment;
  overrides?: ConfigOverrides;
  /** The web build to deploy; `readWebBuild()` at the entry, undefined for an empty site. */
  web: WebBuild | undefined;
  /** An App to add the stack to (tests pass one with context); a new App otherwise. */
  app?: App;
}

/**
 * The web build as the web package exports it: the site pages the build wrote last
 * (`@agency/web/site-pages.json`) and `web/dist` beside them. Undefined when the pages file does not
 * exist (not built yet: the stack then warns and deploys an empty site); an error when the pages do
 * not parse or `web/dist` is missing, since deploying half a build would break the site.
 */
export function readWebBuild(): WebBuild | undefined {
  let pagesFile: string;
  try {
    pagesFile = createRequire(import.meta.url).resolve('@agency/web/site-pages.json');
  } catch {
    return undefined;
  }
  const dir = path.resolve(path.dirname(pagesFile), '..', 'dist');
  if (!existsSync(path.join(dir, 'index.html')))
    throw new Error(
      `The web build is incomplete: ${dir}/index.html is missing. Run \`npm run build\`.`,
    );
  return { dir, pages: readSitePagesFile(pagesFile) };
}

/** The CDK app of one stage with cdk-nag's AwsSolutions checks on every synth. */
export function buildApp(options: BuildAppOptions): {
  app: App;
  stack: SiteStack;
  /** The stage's WAF stack in us-east-1, when `waf` is on. */
  waf?: WafStack;
} {
  const app = options.app ?? new App();
  const config = stageConfig(options.stage, options.overrides);
  const tags = { app: 'agency-site', stage: config.stage };
  // A CloudFront web ACL lives in us-east-1: a stack of its own there, whose ARN the site's stack
  // reads across regions (CDK keeps it in SSM Parameter Store), so both need a real environment.
  let waf: WafStack | undefined;
  const hasEnv = Boolean(options.env?.account && options.env.region);
  // Prod's WAF by default needs the account: a synth without credentials (deploy:check in a pull
  // request) leaves it out with a warning, while a deploy (which always has them) gets it.
  const wafByDefault =
    options.overrides?.waf === undefined && options.overrides?.wafFormCallsPer5Min === undefined;
  if (config.waf && !hasEnv && wafByDefault)
    Annotations.of(app).addWarningV2(
      'agency:waf-needs-env',
      `${config.stackName}: no account and region (no AWS credentials), so this synth leaves out the WAF and edge alarms a deploy adds`,
    );
  else if (config.waf) {
    if (!options.env?.account || !options.env.region)
      throw new ConfigError(
        'The WAF (on in prod unless -c waf=false; -c waf=true in dev) needs the target account and region (CDK_DEFAULT_ACCOUNT and CDK_DEFAULT_REGION, which cdk sets from your AWS credentials)',
      );
    waf = new WafStack(app, wafStackName(config), {
      config,
      waf: config.waf,
      env: { account: options.env.account, region: WAF_REGION },
      crossRegionReferences: true,
      description: `WAF web ACL of the agency website (${config.stage}).`,
      tags,
    });
    for (const [key, value] of Object.entries(tags)) Tags.of(waf).add(key, value);
  }
  const stack = new SiteStack(app, config.stackName, {
    config,
    web: options.web,
    ...(options.env ? { env: options.env } : {}),
    ...(waf ? { webAclArn: waf.webAcl.attrArn, crossRegionReferences: true } : {}),
    description: `Agency website, blog and admin (${config.stage}).`,
    // Stack-level tags (CloudFormation copies them to every resource it can tag) are given explicitly:
    // with @aws-cdk/core:explicitStackTags, Tags.of(stack) tags only the resources in the template.
    tags,
  });
  for (const [key, value] of Object.entries(tags)) Tags.of(stack).add(key, value);
  if (waf && options.env?.account) {
    // CloudFront's metrics are in us-east-1: alarms there, after the site (they read its distribution).
    const edge = new EdgeMonitoringStack(app, edgeMonitoringStackName(config), {
      config,
      distributionId: stack.site.distribution.distributionId,
      functionName: stack.site.edgeFunction.functionName,
      topic: waf.topic,
      env: { account: options.env.account, region: WAF_REGION },
      crossRegionReferences: true,
      description: `CloudFront alarms of the agency website (${config.stage}).`,
      tags,
    });
    edge.addDependency(stack);
    for (const [key, value] of Object.entries(tags)) Tags.of(edge).add(key, value);
  }
  if (config.github) {
    const github = new GithubDeployStack(app, githubStackName(config), {
      config,
      github: config.github,
      ...(options.env ? { env: options.env } : {}),
      description: `GitHub Actions deploy roles of the agency website (${config.stage}).`,
      tags,
    });
    for (const [key, value] of Object.entries(tags)) Tags.of(github).add(key, value);
  }
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return waf ? { app, stack, waf } : { app, stack };
}
