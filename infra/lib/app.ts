import { App, Tags, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stageConfig, type ConfigOverrides, type Stage } from './config';
import { readWebBuild } from './site-routes';
import { RENDERED_PAGES, SiteStack } from './stacks/site-stack';
import path from 'node:path';

export interface BuildAppOptions {
  stage: Stage;
  repoRoot: string;
  /** Account and region to deploy to; environment-agnostic when absent. */
  env?: Environment;
  overrides?: ConfigOverrides;
  /** Web build folder; defaults to `<repoRoot>/web/dist`. */
  webDist?: string;
  /** Paths of the web route table (loadWebRouteTable), to tell SPA routes from unknown ones. */
  webRouteTable?: readonly string[];
  /** An App to add the stack to (tests pass one with context); a new App otherwise. */
  app?: App;
}

/** The CDK app of one stage with cdk-nag's AwsSolutions checks on every synth. */
export function buildApp(options: BuildAppOptions): { app: App; stack: SiteStack } {
  const app = options.app ?? new App();
  const config = stageConfig(options.stage, options.overrides);
  const web = readWebBuild(options.webDist ?? path.join(options.repoRoot, 'web/dist'), {
    routeTable: options.webRouteTable,
    rendered: RENDERED_PAGES.routes,
  });
  const stack = new SiteStack(app, config.stackName, {
    config,
    web,
    ...(options.env ? { env: options.env } : {}),
    description: `Agency website, blog and admin (${config.stage}).`,
  });
  Tags.of(stack).add('app', 'agency-site');
  Tags.of(stack).add('stage', config.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
