import { DefaultStackSynthesizer, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { Stage } from '../config';
import { acknowledge, nagEnvOf } from '../nag';

/** The issuer of GitHub Actions' OIDC tokens, and the audience configure-aws-credentials asks for. */
export const GITHUB_OIDC_ISSUER = 'token.actions.githubusercontent.com';
export const GITHUB_OIDC_AUDIENCE = 'sts.amazonaws.com';

/** The CDK bootstrap roles a deployment assumes (`cdk-<qualifier>-<kind>-role-<account>-<region>`). */
export const DEPLOY_BOOTSTRAP_ROLES = [
  'deploy',
  'file-publishing',
  'image-publishing',
  'lookup',
] as const;

/**
 * The `sub` claims GitHub puts in a workflow's token: a job in a GitHub environment (the deploy
 * jobs; the environment's protection rules say which branch and who approves), and a job run for a
 * pull request (the diff).
 */
export const githubSubjects = (repo: string, stage: Stage) => ({
  deploy: `repo:${repo}:environment:${stage}`,
  diff: `repo:${repo}:pull_request`,
});

export interface GithubDeployProps {
  /** `owner/name` of the repository whose workflows deploy this stage. */
  repo: string;
  stage: Stage;
  /** The stage's site stack: the diff role reads its deployed template and nothing else. */
  siteStackName: string;
  /**
   * The account's GitHub OIDC provider when it already has one (an account holds one per issuer,
   * e.g. when dev and prod share an account); created here when absent.
   */
  oidcProviderArn?: string;
}

/**
 * What lets GitHub Actions deploy one stage without long-lived keys: the account's OIDC provider
 * for GitHub's tokens, a deploy role only the stage's GitHub environment can assume (it may assume
 * the CDK bootstrap roles and nothing else), and a diff role for pull requests that may read the
 * stage's deployed template and nothing else.
 */
export class GithubDeploy extends Construct {
  readonly provider: iam.IOidcProvider;
  readonly deployRole: iam.Role;
  readonly diffRole: iam.Role;

  constructor(scope: Construct, id: string, props: GithubDeployProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.provider = props.oidcProviderArn
      ? iam.OidcProviderNative.fromOidcProviderArn(this, 'Provider', props.oidcProviderArn)
      : new iam.OidcProviderNative(this, 'Provider', {
          url: `https://${GITHUB_OIDC_ISSUER}`,
          clientIds: [GITHUB_OIDC_AUDIENCE],
        });
    const subjects = githubSubjects(props.repo, props.stage);
    const trusting = (sub: string) =>
      new iam.OpenIdConnectPrincipal(this.provider, {
        StringEquals: {
          [`${GITHUB_OIDC_ISSUER}:aud`]: GITHUB_OIDC_AUDIENCE,
          [`${GITHUB_OIDC_ISSUER}:sub`]: sub,
        },
      });

    this.deployRole = new iam.Role(this, 'DeployRole', {
      assumedBy: trusting(subjects.deploy),
      description: `GitHub Actions (${props.repo}, environment ${props.stage}): deploys ${props.siteStackName} through the CDK bootstrap roles.`,
      maxSessionDuration: Duration.hours(1),
    });
    const qualifier =
      (this.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') as string | undefined) ??
      DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    this.deployRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['sts:AssumeRole'],
        resources: DEPLOY_BOOTSTRAP_ROLES.map((kind) =>
          stack.formatArn({
            service: 'iam',
            region: '',
            resource: 'role',
            resourceName: `cdk-${qualifier}-${kind}-role-${stack.account}-${stack.region}`,
          }),
        ),
      }),
    );

    this.diffRole = new iam.Role(this, 'DiffRole', {
      assumedBy: trusting(subjects.diff),
      description: `GitHub Actions (${props.repo}, pull requests): reads the deployed template of ${props.siteStackName} for cdk diff.`,
      maxSessionDuration: Duration.hours(1),
    });
    this.diffRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['cloudformation:GetTemplate'],
        resources: [
          stack.formatArn({
            service: 'cloudformation',
            resource: 'stack',
            resourceName: `${props.siteStackName}/*`,
          }),
        ],
      }),
    );
    const { partition, region, account } = nagEnvOf(this);
    acknowledge(
      this.diffRole,
      `AwsSolutions-IAM5[Resource::arn:${partition}:cloudformation:${region}:${account}:stack/${props.siteStackName}/*]`,
      'A stack ARN ends in the id CloudFormation gives it at creation: `<stack name>/*` names exactly one stack.',
    );
  }
}
