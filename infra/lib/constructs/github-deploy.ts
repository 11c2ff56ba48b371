import { DefaultStackSynthesizer, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { Stage } from '../config';
import { acknowledge, nagEnvOf } from '../nag';
import { WAF_REGION } from '../stacks/waf-stack';

/** What `cdk diff --no-change-set` calls on each stack it compares (nested stacks included). */
export const DIFF_ACTIONS = [
  'cloudformation:DescribeStacks',
  'cloudformation:GetTemplate',
  'cloudformation:ListStackResources',
];

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
 * The claims the repository's OIDC subject template carries (README, Deploy from GitHub: one
 * `gh api` call sets it): GitHub then writes `sub` as `repo:<owner/name>:<context>:ref:<ref>`, where
 * the context is `environment:<name>` for a job in a GitHub environment and `pull_request` for a
 * pull request's job.
 */
export const GITHUB_SUBJECT_CLAIMS = ['repo', 'context', 'ref'] as const;

/** The only branch that deploys. */
export const DEPLOY_REF = 'refs/heads/main';

/** The GitHub environment of the job that diffs a stage on main before prod's approval (no reviewers). */
export const diffEnvironmentOf = (stage: Stage): string => `${stage}-diff`;

/**
 * The `sub` claims a role trusts: the deploy job (the stage's GitHub environment, on main only),
 * and the diff: any pull request of the repository, or the stage's diff environment on main.
 */
export const githubSubjects = (repo: string, stage: Stage) => ({
  deploy: `repo:${repo}:environment:${stage}:ref:${DEPLOY_REF}`,
  diff: [
    `repo:${repo}:pull_request:ref:refs/pull/*`,
    `repo:${repo}:environment:${diffEnvironmentOf(stage)}:ref:${DEPLOY_REF}`,
  ],
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
    const audience = { [`${GITHUB_OIDC_ISSUER}:aud`]: GITHUB_OIDC_AUDIENCE };
    const subject = `${GITHUB_OIDC_ISSUER}:sub`;
    const trusting = (sub: string | string[]) =>
      new iam.OpenIdConnectPrincipal(
        this.provider,
        typeof sub === 'string'
          ? { StringEquals: { ...audience, [subject]: sub } }
          : // StringLike: a pull request's ref carries its number (refs/pull/<n>/merge).
            { StringEquals: audience, StringLike: { [subject]: sub } },
      );

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

    // The deploy script sets the stack's rollback triggers once (UpdateStack of the previous
    // template, run as the stack's own CloudFormation role), which every later deploy keeps.
    const siteStackArn = stack.formatArn({
      service: 'cloudformation',
      resource: 'stack',
      resourceName: `${props.siteStackName}/*`,
    });
    this.deployRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['cloudformation:DescribeStacks', 'cloudformation:UpdateStack'],
        resources: [siteStackArn],
      }),
    );
    this.deployRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [
          stack.formatArn({
            service: 'iam',
            region: '',
            resource: 'role',
            resourceName: `cdk-${qualifier}-cfn-exec-role-${stack.account}-${stack.region}`,
          }),
        ],
        conditions: { StringEquals: { 'iam:PassedToService': 'cloudformation.amazonaws.com' } },
      }),
    );

    this.diffRole = new iam.Role(this, 'DiffRole', {
      assumedBy: trusting(subjects.diff),
      description: `GitHub Actions (${props.repo}, pull requests and the ${diffEnvironmentOf(props.stage)} environment): reads the deployed templates of ${props.siteStackName}, its nested and us-east-1 stacks for cdk diff.`,
      maxSessionDuration: Duration.hours(1),
    });
    // cdk diff reads each stack of the stage (site, its `<site>-waf`/`-edge` stacks in us-east-1,
    // `<site>-github`) and every nested stack, named `<site>-<logical id>-<suffix>`: it looks a
    // stack up (DescribeStacks), reads its template (GetTemplate) and finds its nested stacks
    // (ListStackResources).
    const stackArns = [stack.region, WAF_REGION].flatMap((region) =>
      [props.siteStackName, `${props.siteStackName}-*`].map((name) =>
        stack.formatArn({
          service: 'cloudformation',
          region,
          resource: 'stack',
          resourceName: `${name}/*`,
        }),
      ),
    );
    this.diffRole.addToPolicy(
      new iam.PolicyStatement({
        actions: DIFF_ACTIONS,
        resources: [...new Set(stackArns)],
      }),
    );
    const { partition, region, account } = nagEnvOf(this);
    acknowledge(
      this.deployRole,
      `AwsSolutions-IAM5[Resource::arn:${partition}:cloudformation:${region}:${account}:stack/${props.siteStackName}/*]`,
      'A stack ARN ends in the id CloudFormation gives it at creation: `<stack name>/*` names exactly one stack.',
    );
    for (const r of [region, WAF_REGION])
      for (const name of [props.siteStackName, `${props.siteStackName}-*`])
        acknowledge(
          this.diffRole,
          `AwsSolutions-IAM5[Resource::arn:${partition}:cloudformation:${r}:${account}:stack/${name}/*]`,
          'A stack ARN ends in the id CloudFormation gives it at creation; `<site>-*` are the stage’s own stacks (WAF, edge, GitHub) and its nested stacks, which CloudFormation names `<site>-<logical id>-<suffix>`: cdk diff reads them all.',
        );
  }
}
