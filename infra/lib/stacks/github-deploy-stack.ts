import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import * as z from 'zod';
import type { StageConfig } from '../config';
import { GithubDeploy } from '../constructs/github-deploy';

export interface GithubDeployStackProps extends StackProps {
  config: StageConfig;
  github: NonNullable<StageConfig['github']>;
}

/** Names of the outputs the repository's variables take (README, Deploy from GitHub). */
export const GITHUB_OUTPUTS = {
  deployRoleArn: 'DeployRoleArn',
  diffRoleArn: 'DiffRoleArn',
} as const;

/** Stack name of a stage's GitHub deploy roles, beside the stage's site stack. */
export const githubStackName = (config: Pick<StageConfig, 'stackName'>): string =>
  `${config.stackName}-github`;

/**
 * The roles of a synthesised GitHub deploy stack, each with the `sub` it trusts and what it may do
 * (what `deploy:check` prints).
 */
export function pipelineRolesOf(template: unknown): string[] {
  const resources = z
    .object({
      Resources: z.record(z.string(), z.object({ Type: z.string(), Properties: z.unknown() })),
    })
    .parse(template).Resources;
  const entries = Object.entries(resources);
  return entries
    .filter(([, r]) => r.Type === 'AWS::IAM::Role')
    .map(([id, role]) => {
      const subs = JSON.stringify(role.Properties).match(
        /"token\.actions\.githubusercontent\.com:sub":("[^"]+"|\[[^\]]*\])/,
      );
      const trust = subs?.[1]
        ? [JSON.parse(subs[1]) as string | string[]].flat().join(' or ')
        : undefined;
      const actions = entries
        .filter(
          ([, r]) =>
            r.Type === 'AWS::IAM::Policy' &&
            JSON.stringify(r.Properties).includes(`{"Ref":"${id}"}`),
        )
        .flatMap(([, r]) =>
          [...JSON.stringify(r.Properties).matchAll(/"Action":("[^"]+"|\[[^\]]*\])/g)].flatMap(
            (m) => [JSON.parse(m[1] ?? '[]') as string | string[]].flat(),
          ),
        );
      return `${id}: trusts ${trust ?? 'nothing from GitHub'}; may ${actions.join(', ') || 'nothing'}`;
    });
}

/**
 * The roles GitHub Actions deploys a stage with (`-c githubRepo=owner/name`), in their own stack:
 * deployed once by hand, before the first pipeline run, and never by the pipeline's site deploy.
 */
export class GithubDeployStack extends Stack {
  readonly deploy: GithubDeploy;

  constructor(scope: Construct, id: string, props: GithubDeployStackProps) {
    super(scope, id, props);
    this.deploy = new GithubDeploy(this, 'GithubDeploy', {
      repo: props.github.repo,
      stage: props.config.stage,
      siteStackName: props.config.stackName,
      oidcProviderArn: props.github.oidcProviderArn,
    });
    new CfnOutput(this, GITHUB_OUTPUTS.deployRoleArn, {
      value: this.deploy.deployRole.roleArn,
      description: `Role the ${props.config.stage} deploy job assumes (repository variable ${props.config.stage.toUpperCase()}_DEPLOY_ROLE_ARN).`,
    });
    new CfnOutput(this, GITHUB_OUTPUTS.diffRoleArn, {
      value: this.deploy.diffRole.roleArn,
      description: `Role the pull-request diff of ${props.config.stage} assumes (repository variable ${props.config.stage.toUpperCase()}_DIFF_ROLE_ARN).`,
    });
  }
}
