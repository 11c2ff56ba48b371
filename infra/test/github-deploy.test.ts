import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { ConfigError, stageConfig, type Stage } from '../lib/config';
import {
  GithubDeployStack,
  githubStackName,
  pipelineRolesOf,
} from '../lib/stacks/github-deploy-stack';
import { cdkJsonContext, PROD_DOMAINS } from './synth';

const REPO = 'agency/site';
const ACCOUNT = '123456789012';
const REGION = 'eu-west-1';

function synthGithub(stage: Stage, oidcProviderArn?: string) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'agency-github-'));
  const app = new App({ outdir, context: cdkJsonContext() });
  const config = stageConfig(stage, {
    mailFrom: 'no-reply@example.com',
    mailTo: 'sales@example.com',
    alarmEmails: 'ops@example.com',
    ...PROD_DOMAINS,
    githubRepo: REPO,
    githubOidcProviderArn: oidcProviderArn,
  });
  if (!config.github) throw new Error('no github config');
  const stack = new GithubDeployStack(app, githubStackName(config), {
    config,
    github: config.github,
    env: { account: ACCOUNT, region: REGION },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  const report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: { pluginName: string; conclusion: string; violations: unknown[] }[];
  };
  return { stack, template: Template.fromStack(stack), report };
}

interface RoleProps {
  AssumeRolePolicyDocument: { Statement: { Action: string; Condition: unknown }[] };
  Description: string;
}
interface PolicyProps {
  PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] };
  Roles: { Ref: string }[];
}

function roles(template: Template) {
  const all = template.findResources('AWS::IAM::Role') as Record<string, { Properties: RoleProps }>;
  const policies = Object.values(
    template.findResources('AWS::IAM::Policy') as Record<string, { Properties: PolicyProps }>,
  );
  const named = (word: string) => {
    const entry = Object.entries(all).find(([id]) => id.includes(word));
    if (!entry) throw new Error(`no ${word} role`);
    const [id, { Properties }] = entry;
    const statements = policies
      .filter((p) => p.Properties.Roles.some((r) => r.Ref === id))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    return { trust: Properties.AssumeRolePolicyDocument.Statement, statements };
  };
  return { deploy: named('DeployRole'), diff: named('DiffRole'), count: Object.keys(all).length };
}

describe('the GitHub deploy roles (-c githubRepo=owner/name)', () => {
  it('lets only the stage’s GitHub environment assume the deploy role, which may assume the CDK bootstrap roles and nothing else', () => {
    const { template, report } = synthGithub('prod');
    const nag = report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
    expect(nag?.conclusion).toBe('success');
    template.resourceCountIs('AWS::IAM::OIDCProvider', 1);
    template.hasResourceProperties('AWS::IAM::OIDCProvider', {
      Url: 'https://token.actions.githubusercontent.com',
      ClientIdList: ['sts.amazonaws.com'],
    });
    const { deploy, count } = roles(template);
    expect(count).toBe(2);
    expect(deploy.trust).toEqual([
      expect.objectContaining({
        Action: 'sts:AssumeRoleWithWebIdentity',
        Condition: {
          StringEquals: {
            'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
            'token.actions.githubusercontent.com:sub':
              'repo:agency/site:environment:prod:ref:refs/heads/main',
          },
        },
      }),
    ]);
    expect(deploy.statements).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Resource: ['deploy', 'file-publishing', 'image-publishing', 'lookup'].map(
          (kind) => `arn:aws:iam::${ACCOUNT}:role/cdk-hnb659fds-${kind}-role-${ACCOUNT}-${REGION}`,
        ),
      },
      // Setting the stack's rollback triggers (infra/scripts/rollback-triggers.ts), as the stack's own role.
      {
        Action: ['cloudformation:DescribeStacks', 'cloudformation:UpdateStack'],
        Effect: 'Allow',
        Resource: `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/AgencySite-prod/*`,
      },
      {
        Action: 'iam:PassRole',
        Condition: { StringEquals: { 'iam:PassedToService': 'cloudformation.amazonaws.com' } },
        Effect: 'Allow',
        Resource: `arn:aws:iam::${ACCOUNT}:role/cdk-hnb659fds-cfn-exec-role-${ACCOUNT}-${REGION}`,
      },
    ]);
  });

  it('lets pull requests, and the stage’s diff environment on main, read the stage’s deployed stacks (nested, WAF and edge ones included), and only that', () => {
    const { template } = synthGithub('dev');
    const { diff } = roles(template);
    expect(diff.trust).toEqual([
      expect.objectContaining({
        Condition: {
          StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
          StringLike: {
            'token.actions.githubusercontent.com:sub': [
              'repo:agency/site:pull_request:ref:refs/pull/*',
              'repo:agency/site:environment:dev-diff:ref:refs/heads/main',
            ],
          },
        },
      }),
    ]);
    // What cdk diff calls on a stack and on each nested stack it finds in it.
    expect(diff.statements).toEqual([
      {
        Action: [
          'cloudformation:DescribeStacks',
          'cloudformation:GetTemplate',
          'cloudformation:ListStackResources',
        ],
        Effect: 'Allow',
        Resource: expect.arrayContaining(
          [REGION, 'us-east-1'].flatMap((region) =>
            ['AgencySite-dev', 'AgencySite-dev-*'].map(
              (name) => `arn:aws:cloudformation:${region}:${ACCOUNT}:stack/${name}/*`,
            ),
          ),
        ),
      },
    ]);
    expect(diff.statements[0]?.Resource).toHaveLength(4);
    // A nested stack's name (`<root>-<logical id>-<suffix>`) matches; another app's stack does not.
    const patterns = (diff.statements[0]?.Resource as string[]).map(
      (arn) => new RegExp(`^${arn.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`),
    );
    const matches = (arn: string) => patterns.some((p) => p.test(arn));
    expect(
      matches(
        `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/AgencySite-dev-ApiNestedStackApiNestedStackResource1A2B3C4D-1XYZ/abc`,
      ),
    ).toBe(true);
    expect(
      matches(`arn:aws:cloudformation:us-east-1:${ACCOUNT}:stack/AgencySite-dev-waf/abc`),
    ).toBe(true);
    expect(matches(`arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/AgencySite-prod/abc`)).toBe(
      false,
    );
    expect(matches(`arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/OtherApp/abc`)).toBe(false);
    expect(pipelineRolesOf(template.toJSON())).toEqual([
      expect.stringMatching(
        /^GithubDeployDeployRole\w+: trusts repo:agency\/site:environment:dev:ref:refs\/heads\/main; may sts:AssumeRole, cloudformation:DescribeStacks, cloudformation:UpdateStack, iam:PassRole$/,
      ),
      expect.stringMatching(
        /^GithubDeployDiffRole\w+: trusts repo:agency\/site:pull_request:ref:refs\/pull\/\* or repo:agency\/site:environment:dev-diff:ref:refs\/heads\/main; may cloudformation:DescribeStacks, cloudformation:GetTemplate, cloudformation:ListStackResources$/,
      ),
    ]);
    const outputs = Object.keys(template.findOutputs('*'));
    expect(outputs.sort()).toEqual(['DeployRoleArn', 'DiffRoleArn']);
  });

  it('uses the account’s provider when one is named, creating none', () => {
    const arn = `arn:aws:iam::${ACCOUNT}:oidc-provider/token.actions.githubusercontent.com`;
    const { template } = synthGithub('dev', arn);
    template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    const { deploy } = roles(template);
    expect(JSON.stringify(deploy.trust)).toContain(arn);
  });

  it('refuses a repository that is not owner/name', () => {
    expect(() =>
      stageConfig('dev', { mailFrom: 'a@example.com', mailTo: 'b@example.com', githubRepo: 'x' }),
    ).toThrow(ConfigError);
    expect(() =>
      stageConfig('dev', {
        mailFrom: 'a@example.com',
        mailTo: 'b@example.com',
        githubRepo: REPO,
        githubOidcProviderArn: 'arn:aws:iam::1:oidc-provider/example.com',
      }),
    ).toThrow(/githubusercontent/);
  });
});
