import { TABLES, type TableName } from '@agency/lambdas/tables';
import { ENV_NAMES } from '@agency/shared';
import { Stack } from 'aws-cdk-lib';
import { acknowledge, nagArnOf } from './nag';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import {
  indexNamesOf,
  TABLE_NAMES,
  MEDIA_ACTIONS,
  MEDIA_PREFIX_NAMES,
  MEDIA_PREFIXES,
  SITE_FILE_ACTIONS,
  TABLE_ACTIONS,
  type FunctionGrants,
  type TableGrant,
} from './grants';

/**
 * What grants need of the stage's mail (the Mail construct): sending, and the variables naming its
 * sender. Written here rather than imported, so the constructs that apply grants may be imported by
 * this file's importers without a circle.
 */
export interface MailTarget {
  grantSend(grantee: iam.IGrantable): void;
  readonly environment: Record<string, string>;
}

/** What grants need of the stage's user pool (the Auth construct). */
export interface AuthTarget {
  readonly userPool: cognito.IUserPool;
  readonly client: cognito.IUserPoolClient;
  readonly adminGroup: string;
  readonly requireMfa: boolean;
}

/** The resources grants refer to. */
export interface GrantTargets {
  tables: Record<TableName, dynamodb.ITable>;
  media: s3.IBucket;
  mail: MailTarget;
  auth: AuthTarget;
  /** The image function, for functions granted `invokeImages`. */
  images?: lambda.IFunction;
  /** The captcha HMAC key and its secret name, for functions granted `captchaKey`. */
  captchaKey?: { secret: secretsmanager.ISecret; name: string };
  /** The stage's lead webhook (SSM SecureString names), for functions granted `leadWebhook`; none: no webhook. */
  leadWebhook?: { urlParameter: string; secretParameter?: string };
}

/**
 * The site, known only once its distribution exists (after the functions that refer to it): for
 * functions granted `invalidateCache` or `siteUrl`.
 */
export interface SiteTarget {
  distribution: cloudfront.IDistribution;
  /** Public address of the site (`https://…`, no trailing slash). */
  url: string;
  /** The KeyValueStore of redirects the edge function reads. */
  redirectStore: cloudfront.IKeyValueStore;
  /** The site's own page paths (edge patterns of the web build), which no redirect may hide. */
  pagePaths: readonly string[];
  /** The patterns the render function answers (the web build's rendered list): the cached pages. */
  renderedPaths: readonly string[];
  /** The site bucket, where published pages' HTML is written (`siteFiles`). */
  bucket: s3.IBucket;
  /** The render function, which the page writers invoke (`invokeRender`). */
  renderer: lambda.IFunction;
}

/** What a redirect writer does with the edge's KeyValueStore (its data-plane API). */
export const EDGE_STORE_ACTIONS = [
  'cloudfront-keyvaluestore:DescribeKeyValueStore',
  'cloudfront-keyvaluestore:ListKeys',
  'cloudfront-keyvaluestore:GetKey',
  'cloudfront-keyvaluestore:PutKey',
  'cloudfront-keyvaluestore:DeleteKey',
  'cloudfront-keyvaluestore:UpdateKeys',
];

/** The SSM name through which Parameter Store hands out a Secrets Manager secret (CAPTCHA_HMAC_KEY_PARAM). */
export const secretParameterName = (secretName: string): string =>
  `/aws/reference/secretsmanager/${secretName}`;

/**
 * Give `fn` exactly what `grants` lists, and set the environment variable of every resource it is
 * granted at the same time, so a function never knows a resource name it may not use.
 */
export function applyGrants(
  fn: lambda.Function,
  grants: FunctionGrants,
  targets: GrantTargets,
): void {
  for (const name of TABLE_NAMES) {
    const grant = grants.tables?.[name];
    for (const one of Array.isArray(grant) ? grant : grant ? [grant] : [])
      grantTable(fn, name, targets.tables[name], one);
  }
  const media = MEDIA_PREFIX_NAMES.flatMap((name) => {
    const access = grants.media?.[name];
    return access?.length ? [{ prefix: MEDIA_PREFIXES[name], access }] : [];
  });
  for (const { prefix, access } of media) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: access.map((a) => MEDIA_ACTIONS[a]),
        resources: [targets.media.arnForObjects(`${prefix}*`)],
      }),
    );
    acknowledgeOnPolicy(
      fn,
      `AwsSolutions-IAM5[Resource::${nagArnOf(targets.media, fn)}/${prefix}*]`,
      `Media objects have generated names; access is limited to the ${prefix} prefix.`,
    );
  }
  if (grants.mediaList)
    fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [targets.media.bucketArn] }),
    );
  if (media.length || grants.mediaList)
    fn.addEnvironment(ENV_NAMES.mediaBucket, targets.media.bucketName);
  if (grants.invokeImages) {
    if (!targets.images)
      throw new Error(`${fn.node.path} is granted the image function but none was given`);
    // The function itself, not `<arn>:*` as grantInvoke adds: callers invoke $LATEST by name.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [targets.images.functionArn],
      }),
    );
    fn.addEnvironment(ENV_NAMES.imageFunction, targets.images.functionName);
  }
  if (grants.sendMail) {
    targets.mail.grantSend(fn);
    for (const [key, value] of Object.entries(targets.mail.environment))
      fn.addEnvironment(key, value);
    acknowledgeOnPolicy(
      fn,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]`,
      'SES checks sandbox recipients as identities too; the ses:FromAddress condition pins the sender.',
    );
  }
  if (grants.captchaKey) {
    if (!targets.captchaKey)
      throw new Error(`${fn.node.path} is granted the captcha key but none was given`);
    targets.captchaKey.secret.grantRead(fn);
    const parameter = secretParameterName(targets.captchaKey.name);
    grantParameters(fn, [parameter]);
    fn.addEnvironment(ENV_NAMES.captchaKeyParam, parameter);
  }
  // SecureStrings under the account's default key (aws/ssm) decrypt for any role that may read
  // them, so GetParameter is all a function needs.
  if (grants.leadWebhook && targets.leadWebhook) {
    const { urlParameter, secretParameter } = targets.leadWebhook;
    grantParameters(fn, secretParameter ? [urlParameter, secretParameter] : [urlParameter]);
    fn.addEnvironment(ENV_NAMES.leadWebhookUrlParam, urlParameter);
    if (secretParameter) fn.addEnvironment(ENV_NAMES.leadWebhookSecretParam, secretParameter);
  }
  const cognitoActions = [
    ...(grants.cognitoLogin ? ['cognito-idp:InitiateAuth'] : []),
    ...(grants.cognitoRevoke ? ['cognito-idp:RevokeToken'] : []),
    ...(grants.cognitoAdmin ?? []),
  ];
  if (cognitoActions.length)
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: cognitoActions,
        resources: [targets.auth.userPool.userPoolArn],
      }),
    );
  // Calls on a user's behalf (grants.cognitoUser) need no statement, only the pool's settings.
  if (cognitoActions.length || grants.cognitoUser?.length) setAuthEnvironment(fn, targets.auth);
}

/**
 * The settings a function needs to verify staff tokens and call the user pool (no IAM: the JWKS is
 * public), and whether the stage requires every account to enrol TOTP (REQUIRE_MFA).
 */
export function setAuthEnvironment(fn: lambda.Function, auth: AuthTarget): void {
  fn.addEnvironment(ENV_NAMES.userPoolId, auth.userPool.userPoolId);
  fn.addEnvironment(ENV_NAMES.userPoolClientId, auth.client.userPoolClientId);
  fn.addEnvironment(ENV_NAMES.adminGroup, auth.adminGroup);
  fn.addEnvironment(ENV_NAMES.requireMfa, String(auth.requireMfa));
}

/** What `grants` gives of the site: refreshing its cached pages, and its address. */
export function applySiteGrants(
  fn: lambda.Function,
  grants: FunctionGrants,
  site: SiteTarget,
): void {
  if (grants.invalidateCache) grantInvalidation(fn, site);
  if (grants.siteUrl) fn.addEnvironment(ENV_NAMES.siteUrl, site.url);
  if (grants.edgeStore) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: EDGE_STORE_ACTIONS,
        resources: [site.redirectStore.keyValueStoreArn],
      }),
    );
    fn.addEnvironment(ENV_NAMES.redirectStoreArn, site.redirectStore.keyValueStoreArn);
  }
  if (grants.sitePages) fn.addEnvironment(ENV_NAMES.sitePagePaths, JSON.stringify(site.pagePaths));
  if (grants.siteFiles?.length) {
    // A page's HTML is `<path>/index.html` at a path staff choose: only such keys, never an asset.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: grants.siteFiles.map((a) => SITE_FILE_ACTIONS[a]),
        resources: [site.bucket.arnForObjects('*index.html')],
      }),
    );
    acknowledgeOnPolicy(
      fn,
      `AwsSolutions-IAM5[Resource::${nagArnOf(site.bucket, fn)}/*index.html]`,
      "Published pages' HTML is written at the page's own path (`<path>/index.html`), which staff choose.",
    );
    fn.addEnvironment(ENV_NAMES.siteBucket, site.bucket.bucketName);
  }
  if (grants.invokeRender) {
    // The function itself, not `<arn>:*`: callers invoke $LATEST by name.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [site.renderer.functionArn],
      }),
    );
    fn.addEnvironment(ENV_NAMES.renderFunction, site.renderer.functionName);
  }
}

/**
 * `cloudfront:CreateInvalidation` on the distribution, DISTRIBUTION_ID, and SITE_RENDERED_PATHS
 * (the cached pages, from which the function derives what a post change makes stale).
 */
export function grantInvalidation(
  fn: lambda.Function,
  site: Pick<SiteTarget, 'distribution' | 'renderedPaths'>,
): void {
  site.distribution.grantCreateInvalidation(fn);
  fn.addEnvironment(ENV_NAMES.distributionId, site.distribution.distributionId);
  fn.addEnvironment(ENV_NAMES.siteRenderedPaths, JSON.stringify(site.renderedPaths));
}

/** `ssm:GetParameter` on the named parameters (`/a/b` or `a`), and nothing else of Parameter Store. */
function grantParameters(fn: lambda.Function, names: readonly string[]): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: names.map((name) =>
        Stack.of(fn).formatArn({
          service: 'ssm',
          resource: 'parameter',
          resourceName: name.replace(/^\//, ''),
        }),
      ),
    }),
  );
}

function grantTable(
  fn: lambda.Function,
  name: TableName,
  table: dynamodb.ITable,
  grant: TableGrant,
): void {
  const actions = grant.access.flatMap((a) => TABLE_ACTIONS[a]);
  if (grant.index !== undefined) {
    if (grant.keyPrefixes?.length || grant.access.some((a) => a !== 'query'))
      throw new Error(`${fn.node.path}: a grant on an index is a query, with no key prefixes`);
    if (!indexNamesOf(name).includes(grant.index))
      throw new Error(`${fn.node.path}: the ${name} table has no index ${grant.index}`);
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions,
        resources: [`${table.tableArn}/index/${grant.index}`],
      }),
    );
    fn.addEnvironment(TABLES[name].envVar, table.tableName);
    return;
  }
  const scoped = Boolean(grant.keyPrefixes?.length);
  // Queries may use the table's indexes; each is named, so no wildcard is needed.
  const indexes =
    !scoped && grant.access.includes('read')
      ? indexNamesOf(name).map((i) => `${table.tableArn}/index/${i}`)
      : [];
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions,
      resources: [table.tableArn, ...indexes],
      ...(scoped
        ? {
            conditions: {
              'ForAllValues:StringLike': {
                'dynamodb:LeadingKeys': grant.keyPrefixes?.map((p) => `${p}*`),
              },
            },
          }
        : {}),
    }),
  );
  fn.addEnvironment(TABLES[name].envVar, table.tableName);
}

function acknowledgeOnPolicy(
  fn: lambda.Function,
  id: `AwsSolutions-${string}`,
  reason: string,
): void {
  const role = fn.role;
  if (role) acknowledge(role, id, reason);
}
