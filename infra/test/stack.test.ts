import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  FUNCTIONS,
  operationFunction,
  RENDER,
  STAGE_OPTIONAL_FUNCTIONS,
  triggerFunction,
} from '@agency/lambdas/functions';
import { TABLES, type TableName } from '@agency/lambdas/tables';
import {
  ACCOUNT_EMAILS,
  AUTH_CHALLENGE_MINUTES,
  contract,
  groupsAllowed,
  handlerModule,
  operationNames,
  PASSWORD_POLICY,
  SPECIAL_SLUGS,
  STAFF_GROUPS,
  staffScope,
  SIGN_IN_OPERATIONS,
  writesAudit,
  type OperationName,
} from '@agency/shared';
import { CfnResource, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { Construct } from 'constructs';
import * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  grantsOf,
  isStaffOperation,
  OPERATION_GRANTS,
  TABLE_ACTIONS,
  TABLE_NAMES,
} from '../lib/grants';
import { FUNCTION_TAG } from '../lib/constructs/agency-function';
import { TABLE_IDS } from '../lib/constructs/data';
import { uploadOrigins } from '../lib/stacks/site-stack';
import { currentDefaultsProblems } from './flag-report';
import {
  expectedReplacingProperties,
  newIndexes,
  replacingProperties,
  STATEFUL_IDS,
  statefulIds,
} from './stateful';
import { EDGE_STORE_ACTIONS } from '../lib/apply-grants';
import { overLimits, stackSizes } from '../lib/stack-limits';
import {
  differencesFromBuild,
  environmentBytes,
  oversizedEnvironments,
  shippedFunctions,
} from '../lib/shipped-bundles';
import {
  fakeWebBuild,
  PROD_DOMAINS,
  REPO_ROOT,
  SYNTH_TIMEOUT_MS,
  synthStage,
  type Synthesized,
} from './synth';
import {
  functionByDescription,
  referencedIds,
  resourcesOf,
  statementsOf,
  type Statement,
} from './template';

/** The lead webhook's SSM SecureStrings, as an operator names them (-c leadWebhookUrlParam=…). */
const WEBHOOK = {
  urlParameter: '/agency/prod/lead-webhook-url',
  secretParameter: '/agency/prod/lead-webhook-secret',
};

let s: Synthesized;
beforeAll(async () => {
  s = synthStage('prod', {
    web: fakeWebBuild(),
    leadWebhookUrlParam: WEBHOOK.urlParameter,
    leadWebhookSecretParam: WEBHOOK.secretParameter,
  });
}, SYNTH_TIMEOUT_MS);

const tableId = (name: TableName): string => {
  const found = resourcesOf(s.whole, 'AWS::DynamoDB::Table').find((t) =>
    t.id.startsWith(`Data${TABLE_IDS[name]}`),
  );
  if (!found) throw new Error(`no ${name} table`);
  return found.id;
};
const bucketId = (prefix: string): string => {
  const found = resourcesOf(s.whole, 'AWS::S3::Bucket').find((b) => b.id.startsWith(prefix));
  if (!found) throw new Error(`no bucket ${prefix}`);
  return found.id;
};
const envOf = (fnId: string): Record<string, unknown> =>
  z
    .object({ Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }) })
    .parse(s.whole.toJSON().Resources[fnId].Properties).Environment.Variables;
const opFunction = (name: string) => functionByDescription(s.whole, `${name}:`);
const leadingKeysOf = (st: Statement): string[] | undefined =>
  z
    .object({
      'ForAllValues:StringLike': z.object({ 'dynamodb:LeadingKeys': z.array(z.string()) }),
    })
    .optional()
    .parse(st.Condition)?.['ForAllValues:StringLike']['dynamodb:LeadingKeys'];
/** The caller's account check of a staff call: GetItem on the team table's MEMBER# records. */
const isAccountCheck = (st: Statement): boolean =>
  st.actions.join() === 'dynamodb:GetItem' &&
  JSON.stringify(referencedIds(st.Resource)) === JSON.stringify([tableId('team')]) &&
  leadingKeysOf(st)?.join() === 'MEMBER#*';
/** An audit record's append: PutItem on the audit table. */
const isAuditAppend = (st: Statement): boolean =>
  st.actions.join() === 'dynamodb:PutItem' &&
  JSON.stringify(referencedIds(st.Resource)) === JSON.stringify([tableId('audit')]);
/** The origin secret's read every function behind the edge has (origin-secret.test.ts tests it). */
const isOriginSecretRead = (st: Statement): boolean =>
  st.actions.join() === 'secretsmanager:GetSecretValue' &&
  JSON.stringify(st.Resource).includes('OriginSecret');
/** Statements other than the function's own log writing and the origin secret's read (all of them). */
/** The send to its on-failure queue an asynchronously invoked function has (limits.test.ts tests it). */
const isFailureSend = (st: Statement): boolean =>
  st.actions.join() === 'sqs:SendMessage' && JSON.stringify(st.Resource).includes('Failures');
const allGrantsOfFn = (fnId: string): Statement[] =>
  statementsOf(s.whole, fnId).filter(
    (st) =>
      !st.actions.every((a) => a.startsWith('logs:')) &&
      !isOriginSecretRead(st) &&
      !isFailureSend(st),
  );
/**
 * A function's own grants: not its logs, nor what the handler wrapper needs on every staff call
 * (the account check) and audited call (the audit append), which "staff accounts" tests for all.
 */
const grantsOfFn = (fnId: string): Statement[] =>
  allGrantsOfFn(fnId).filter((st) => !isAccountCheck(st) && !isAuditAppend(st));
const dynamoStatements = (fnId: string, table: TableName): Statement[] =>
  allGrantsOfFn(fnId).filter(
    (st) =>
      st.actions.some((a) => a.startsWith('dynamodb:')) &&
      referencedIds(st.Resource).includes(tableId(table)),
  );

const MEDIA_PREFIX_KEYS = ['uploads', 'images', 'banners', 'cards'] as const;
type MediaPrefixKey = (typeof MEDIA_PREFIX_KEYS)[number];
/** The S3 actions of a function per media key prefix, sorted; a statement on any other resource fails. */
const mediaAccessOf = (fnId: string): Partial<Record<MediaPrefixKey, string[]>> => {
  const access: Partial<Record<MediaPrefixKey, string[]>> = {};
  const objectStatements = grantsOfFn(fnId).filter(
    (x) =>
      x.actions.some((a) => a.startsWith('s3:') && a !== 's3:ListBucket') &&
      !referencedIds(x.Resource).includes(bucketId('SiteBucket')),
  );
  for (const st of objectStatements) {
    // CDK merges statements with the same actions into one with several resources.
    for (const resource of Array.isArray(st.Resource) ? st.Resource : [st.Resource]) {
      const json = JSON.stringify(resource);
      const prefix = MEDIA_PREFIX_KEYS.find((k) => json.endsWith(`"/${k}/*"]]}`));
      if (!prefix) throw new Error(`${fnId} has S3 access outside the media prefixes: ${json}`);
      access[prefix] = [...(access[prefix] ?? []), ...st.actions].sort();
    }
  }
  return access;
};
/** A function's statements on a table as `prefixes → sorted actions` (unscoped: `*`). */
const tableAccessOf = (fnId: string, table: TableName): Record<string, string[]> =>
  Object.fromEntries(
    dynamoStatements(fnId, table).map((st) => [
      leadingKeysOf(st)?.join(' ') ?? '*',
      [...st.actions].sort(),
    ]),
  );
/** Whether a function may list the media bucket (S3 then answers a missing key 404, not 403). */
const listsMedia = (fnId: string): boolean =>
  grantsOfFn(fnId).some(
    (st) =>
      st.actions.includes('s3:ListBucket') &&
      JSON.stringify(st.Resource) ===
        JSON.stringify({ 'Fn::GetAtt': [bucketId('MediaBucket'), 'Arn'] }),
  );
/** The site stack's logical id of the API functions' nested stack. */
const apiStackId = (): string =>
  s.stack.getLogicalId(s.stack.api.functionsStack.nestedStackResource as CfnResource);
/**
 * What a resource of the site's stack that waits for resource `id` depends on: `id` itself, or the
 * nested stack holding it (CloudFormation deploys a nested stack whole before what depends on it).
 */
const waitedFor = (id: string): string => s.nestedIn.get(id) ?? id;
/** The project's functions (API operations, render, jobs, image function, the pool's trigger), by logical id. */
const ownFunctions = () =>
  resourcesOf(s.whole, 'AWS::Lambda::Function').filter(
    (f) =>
      s.nestedIn.get(f.id) === apiStackId() ||
      /^(Render|LeadJobs|PostJobs|TrashJobs|Images|LeadStats|Auth|Pages|RemindUnansweredLeadsJob|RollUpAnalyticsJob)/.test(
        f.id,
      ),
  );
/** The parameters a function may read from Parameter Store (ARN suffixes after `:parameter`). */
const parametersOf = (fnId: string): string[] =>
  grantsOfFn(fnId)
    .filter((st) => st.actions.includes('ssm:GetParameter'))
    .flatMap((st) => (Array.isArray(st.Resource) ? st.Resource : [st.Resource]))
    .map((r) => /:parameter(\/[^"]*)"/.exec(JSON.stringify(r))?.[1] ?? JSON.stringify(r))
    .sort();
const retryJob = () => functionByDescription(s.whole, 'Re-sends lead e-mails');
const remindJob = () =>
  functionByDescription(s.whole, 'Names to the team, once, each lead nobody answered');
const trashJob = () => functionByDescription(s.whole, 'Deletes for good the posts trashed');
const backfillJob = () => functionByDescription(s.whole, 'Counts the leads stored before');
const imageFunction = () => functionByDescription(s.whole, 'Makes the responsive variants');
const seedJob = () => functionByDescription(s.whole, "Stores the build's marketing pages");
const renderFunction = () => functionByDescription(s.whole, 'Server-renders');
/** A statement on one index of the content table alone (no item of the table itself). */
const isIndexOnly = (st: Statement, index: string): boolean =>
  JSON.stringify(st.Resource).includes(`/index/${index}`) &&
  !(Array.isArray(st.Resource) && st.Resource.length > 1);

describe('prod stack', () => {
  it('passes every cdk-nag AwsSolutions check (findings are acknowledged with reasons)', () => {
    const nag = s.report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
    expect(nag?.conclusion).toBe('success');
    expect(nag?.violations).toEqual([]);
  });

  it("has one function per contract operation, running its handler module's bundle, on arm64 and the newest Node runtime", () => {
    for (const name of operationNames) {
      expect(opFunction(name).props).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs24.x',
        Handler: 'index.handler',
        MemorySize: 512,
      });
      const fn = s.stack.api.functions.get(name);
      expect(fn?.bundle).toBe(operationFunction(name).name);
      expect(operationFunction(name).entry).toBe(
        path.join(REPO_ROOT, 'lambdas/src', `${handlerModule(name)}.ts`),
      );
    }
    expect(s.stack.api.functions.size).toBe(operationNames.length);
  });

  it("stays clear of CloudFormation's 500 resources a stack, nested stacks too, and keeps each role's grants inline", () => {
    const stacks = stackSizes(s.template.toJSON(), s.outdir, s.stack.stackName);
    expect(stacks.map((st) => st.name)).toEqual([
      'AgencySite-prod',
      'AgencySite-prod › Api/Functions',
      'AgencySite-prod › Operations',
    ]);
    expect(overLimits(stacks)).toEqual([]);
    // Room for ~20 more operations and a few jobs or workers in each stack: an operation is its
    // route and integration in the site's stack and four resources in the API functions' nested
    // stack (function, role, log group, invoke permission), which gives the site's stack the
    // function's name as one output. At 81 operations the functions' stack holds 324; past ~100
    // operations it must be split (one nested stack per subject of the contract).
    for (const st of stacks) expect(st.resources, st.name).toBeLessThanOrEqual(420);
    const [, api] = stacks;
    expect(api?.resources).toBe(4 * operationNames.length);
    expect(api?.outputs).toBe(operationNames.length);
    for (const st of stacks) {
      expect(st.parameters, st.name).toBeLessThanOrEqual(150);
      expect(st.outputs, st.name).toBeLessThanOrEqual(150);
    }
    const resources = Object.values(s.whole.toJSON().Resources as Record<string, { Type: string }>);
    const roles = resources.filter((r) => r.Type === 'AWS::IAM::Role').length;
    const functions = resources.filter((r) => r.Type === 'AWS::Lambda::Function').length;
    expect(roles).toBeGreaterThanOrEqual(functions);
    // CDK's own custom-resource providers keep their policy resources, and each failure queue one
    // beside it (its function's role may send to it: failure-queue.ts); the project's functions none.
    const failureQueues = resources.filter((r) => r.Type === 'AWS::Lambda::EventInvokeConfig');
    expect(resources.filter((r) => r.Type === 'AWS::IAM::Policy').length).toBeLessThanOrEqual(
      2 + failureQueues.length,
    );
  });

  it('puts every operation function, with its role, log group and invoke permission, in the API functions nested stack; its route and integration in the site stack', () => {
    const apiStack = s.stack.api.functionsStack;
    const nestedId = apiStackId();
    for (const name of operationNames) {
      const fn = opFunction(name);
      expect(s.nestedIn.get(fn.id), name).toBe(nestedId);
      expect(Stack.of(s.stack.api.functions.get(name) as Construct)).toBe(apiStack);
      const role = referencedIds(fn.props.Role)[0] ?? '';
      const logs = referencedIds(fn.props.LoggingConfig)[0] ?? '';
      expect(s.nestedIn.get(role), name).toBe(nestedId);
      expect(s.nestedIn.get(logs), name).toBe(nestedId);
      const permissions = resourcesOf(s.whole, 'AWS::Lambda::Permission').filter((p) =>
        referencedIds(p.props.FunctionName).includes(fn.id),
      );
      expect(permissions.map((p) => s.nestedIn.get(p.id))).toEqual([nestedId]);
      const op = contract[name];
      expect(permissions[0]?.props).toMatchObject({
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
      });
      // Through its own route only, as HttpLambdaIntegration scopes it.
      expect(JSON.stringify(permissions[0]?.props.SourceArn)).toContain(`"/*/*${op.path}"`);
      expect(referencedIds(permissions[0]?.props.SourceArn)).toEqual([
        expect.stringMatching(/^ApiHttpApi/),
      ]);
      const route = resourcesOf(s.whole, 'AWS::ApiGatewayV2::Route').find(
        (r) => r.props.RouteKey === `${op.method} ${op.path}`,
      );
      const integrationId = referencedIds(route?.props.Target)[0] ?? '';
      expect(s.nestedIn.has(route?.id ?? ''), name).toBe(false);
      expect(s.template.toJSON().Resources[integrationId], name).toBeDefined();
    }
    // The tables, the bucket, the user pool and the secrets stay in the site's stack.
    for (const ids of Object.values(STATEFUL_IDS))
      for (const id of ids) expect(s.nestedIn.has(id), id).toBe(false);
  });

  it("gives no function more environment than Lambda's 4 KB", () => {
    expect(oversizedEnvironments(s.template.toJSON(), s.outdir)).toEqual([]);
    // What is counted: keys and literal values, and each value resolved at deploy at its most.
    expect(environmentBytes({ A: 'xy', B: { Ref: 'T' }, C: '{{resolve:secretsmanager:x}}' })).toBe(
      1 + 2 + 1 + 160 + 1 + 160,
    );
  });

  it('ships exactly the bundles `npm run build -w lambdas` wrote, one function each', () => {
    const shipped = shippedFunctions(s.template.toJSON(), s.outdir);
    // A function only a setting asks for (alarm-webhook) is left out here: edge-hardening.test.ts;
    // prod keeps its data, so it has the restore check (backup.test.ts).
    expect(shipped.map((f) => f.bundle).sort()).toEqual(
      FUNCTIONS.map((fn) => fn.name)
        .filter((name) => !STAGE_OPTIONAL_FUNCTIONS.has(name) || name === 'check-restore')
        .sort(),
    );
    expect(differencesFromBuild(shipped)).toEqual([]);
    // The render function's HTML shell and manifest ride beside its code.
    const render = shipped.find((f) => f.bundle === RENDER);
    expect(existsSync(path.join(render?.assetDir ?? '', 'spa.html'))).toBe(true);
    expect(existsSync(path.join(render?.assetDir ?? '', '.vite/manifest.json'))).toBe(true);
  });

  it('has one API route per contract operation, admin ones behind the Cognito JWT authorizer', () => {
    const routes = resourcesOf(s.whole, 'AWS::ApiGatewayV2::Route');
    for (const name of operationNames) {
      const op = contract[name];
      const route = routes.find((r) => r.props.RouteKey === `${op.method} ${op.path}`);
      expect(route, `${op.method} ${op.path}`).toBeDefined();
      const fnId = opFunction(name).id;
      const integrationId = referencedIds(route?.props.Target)[0] ?? '';
      const integration = s.whole.toJSON().Resources[integrationId];
      expect(referencedIds(integration.Properties.IntegrationUri)).toContain(fnId);
      if (op.auth === 'admin')
        expect(route?.props).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: expect.stringMatching(/AdminAuthorizer/) },
        });
      else expect(route?.props.AuthorizationType ?? 'NONE').toBe('NONE');
    }
    const apiRoutes = routes.filter((r) => String(r.props.RouteKey).includes(' /api/'));
    expect(apiRoutes).toHaveLength(operationNames.length);
  });

  it('checks admin tokens against the user pool and its app client', () => {
    s.whole.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('AuthUserPoolWebClient') }],
        Issuer: Match.objectLike({
          'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp('cognito-idp')])]),
        }),
      },
    });
  });

  it('serves the blog pages, sitemap and RSS from the render handler through public routes', () => {
    const render = functionByDescription(s.whole, 'Server-renders blog pages');
    for (const path of [
      '/blog',
      '/blog/{proxy+}',
      `/${SPECIAL_SLUGS.career}`,
      '/sitemap.xml',
      '/rss.xml',
    ]) {
      const route = resourcesOf(s.whole, 'AWS::ApiGatewayV2::Route').find(
        (r) => r.props.RouteKey === `GET ${path}`,
      );
      expect(route, path).toBeDefined();
      const integration = s.whole.toJSON().Resources[referencedIds(route?.props.Target)[0] ?? ''];
      expect(referencedIds(integration.Properties.IntegrationUri)).toContain(render.id);
    }
    // It reads posts through the public API at the site's address (CloudFront, the API's one
    // door in), so it holds no permission of its own.
    expect(grantsOfFn(render.id)).toEqual([]);
    expect(envOf(render.id)).toMatchObject({ SITE_URL: expect.anything() });
    expect(envOf(render.id)).not.toHaveProperty('API_ORIGIN');
    // It refuses a page request without CloudFront's origin secret, the API's (issue 32, item 11).
    expect(JSON.stringify(envOf(render.id).ORIGIN_SECRET_ARN)).toContain('OriginSecret');
    expect(render.props).toMatchObject({
      Architectures: ['arm64'],
      Runtime: 'nodejs24.x',
      Handler: 'index.handler',
    });
  });

  describe('least privilege', () => {
    it('gives no function a wildcard action or an unrestricted resource', () => {
      const own = ownFunctions();
      expect(own).toHaveLength(operationNames.length + 10);
      for (const fn of own) {
        for (const st of statementsOf(s.whole, fn.id)) {
          expect(st.actions.filter((a) => a.endsWith('*'))).toEqual([]);
          expect(st.Resource).not.toBe('*');
        }
      }
    });

    it('gives operations without grants nothing but their logs', () => {
      for (const name of operationNames.filter((n) => !OPERATION_GRANTS[n])) {
        expect(grantsOfFn(opFunction(name).id), name).toEqual([]);
      }
      expect(operationNames.filter((n) => !OPERATION_GRANTS[n])).toEqual(
        expect.arrayContaining(['getHealth', 'getExtensionImage']),
      );
    });

    it('lets public readers read posts and views, and nothing else', () => {
      for (const name of ['listPosts', 'getPost']) {
        const fnId = opFunction(name).id;
        const statements = grantsOfFn(fnId);
        expect(
          statements.flatMap((st) => st.actions).every((a) => TABLE_ACTIONS.read.includes(a)),
          name,
        ).toBe(true);
        const touched = new Set(statements.flatMap((st) => referencedIds(st.Resource)));
        expect([...touched].sort()).toEqual([tableId('content'), tableId('views')].sort());
      }
    });

    it("lets increaseView read content, read and update the views table, only the day's view counters and its visitor marks", () => {
      const fnId = opFunction('increaseView').id;
      expect(
        dynamoStatements(fnId, 'views')
          .flatMap((st) => st.actions)
          .sort(),
      ).toEqual([...TABLE_ACTIONS.read, 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort());
      expect(tableAccessOf(fnId, 'stats')).toEqual({
        'VIEWS#*': ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      });
      // Once per visitor a day: the day's salt read or made, the visitor's VIEWED# mark put.
      expect(tableAccessOf(fnId, 'visitors')).toEqual({
        'SALT#*': ['dynamodb:GetItem', 'dynamodb:PutItem'],
        'VIEWED#*': ['dynamodb:PutItem'],
      });
      expect(
        dynamoStatements(fnId, 'content')
          .flatMap((st) => st.actions)
          .sort(),
      ).toEqual([...TABLE_ACTIONS.read].sort());
    });

    it("lets collect only read or make the day's salt and put hits, in the visitors table alone", () => {
      const fnId = opFunction('collect').id;
      expect(tableAccessOf(fnId, 'visitors')).toEqual({
        'SALT#*': ['dynamodb:GetItem', 'dynamodb:PutItem'],
        'HIT#*': ['dynamodb:PutItem'],
      });
      const touched = new Set(
        grantsOfFn(fnId)
          .filter((st) => st.actions.some((a) => a.startsWith('dynamodb:')))
          .flatMap((st) => referencedIds(st.Resource)),
      );
      expect([...touched]).toEqual([tableId('visitors')]);
    });

    it('never lets createLead read leads, and scopes its content-table records to RATE# and ALTCHA#', () => {
      const fnId = opFunction('createLead').id;
      expect(
        dynamoStatements(fnId, 'leads')
          .flatMap((st) => st.actions)
          .sort(),
      ).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
      const [content] = dynamoStatements(fnId, 'content');
      expect(content?.Condition).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*', 'ALTCHA#*'] },
      });
      expect(referencedIds(content?.Resource)).toEqual([tableId('content')]);
      const mail = grantsOfFn(fnId).find((st) => st.actions.includes('ses:SendEmail'));
      expect(mail?.Condition).toEqual({
        StringEquals: { 'ses:FromAddress': 'no-reply@example.com' },
      });
      expect(
        grantsOfFn(fnId).some((st) => st.actions.includes('secretsmanager:GetSecretValue')),
      ).toBe(true);
      // It counts the lead for the dashboard (counters and the lead's marker), reading nothing.
      expect(tableAccessOf(fnId, 'stats')).toEqual({
        'LEADS#* LEAD_STATUS* COUNTED#*': ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      });
    });

    it('lets the post writers change content, release images and refresh the CDN, and nothing of leads', () => {
      for (const name of ['createPost', 'updatePost', 'restoreRevision']) {
        const fnId = opFunction(name).id;
        const statements = grantsOfFn(fnId);
        expect(dynamoStatements(fnId, 'leads'), name).toEqual([]);
        for (const st of statements.filter((x) => x.actions.some((a) => a.startsWith('s3:'))))
          expect(referencedIds(st.Resource), name).toEqual([bucketId('MediaBucket')]);
        expect(mediaAccessOf(fnId), name).toMatchObject({
          images: ['s3:DeleteObject'],
          banners: ['s3:DeleteObject'],
        });
        const invalidation = statements.find((st) =>
          st.actions.includes('cloudfront:CreateInvalidation'),
        );
        expect(referencedIds(invalidation?.Resource)).toEqual([
          expect.stringMatching(/^SiteDistribution/),
        ]);
      }
      // A spec multipart banner goes through uploads/ and the image function like a direct upload.
      for (const name of ['createPost', 'updatePost'])
        expect(mediaAccessOf(opFunction(name).id), name).toEqual({
          uploads: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
          images: ['s3:DeleteObject'],
          banners: ['s3:DeleteObject'],
        });
      for (const id of [
        opFunction('restoreRevision').id,
        opFunction('purgePost').id,
        trashJob().id,
      ])
        expect(mediaAccessOf(id), id).toEqual({
          images: ['s3:DeleteObject'],
          banners: ['s3:DeleteObject'],
        });
      // Deleting only moves a post to the Trash: one content write and its pages refreshed.
      expect(mediaAccessOf(opFunction('deletePost').id)).toEqual({});
      expect(dynamoStatements(opFunction('deletePost').id, 'views')).toEqual([]);
      for (const id of [opFunction('purgePost').id, trashJob().id])
        expect(
          dynamoStatements(id, 'views').flatMap((st) => st.actions),
          id,
        ).toContain('dynamodb:DeleteItem');
      expect(
        dynamoStatements(opFunction('createPost').id, 'views').flatMap((st) => st.actions),
      ).not.toContain('dynamodb:DeleteItem');
    });

    it('lets login call InitiateAuth (and revoke the token of a disabled account, and look up an identifier for the trail) on the pool, and touch only LOGIN#/RATE# throttles and MEMBER# records', () => {
      const fnId = opFunction('login').id;
      const cognito = grantsOfFn(fnId).find((st) =>
        st.actions.some((a) => a.startsWith('cognito-idp:')),
      );
      expect([...(cognito?.actions ?? [])].sort()).toEqual([
        'cognito-idp:AdminGetUser',
        'cognito-idp:InitiateAuth',
        'cognito-idp:RevokeToken',
      ]);
      expect(referencedIds(cognito?.Resource)).toEqual([expect.stringMatching(/^AuthUserPool/)]);
      expect(dynamoStatements(fnId, 'content')[0]?.Condition).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LOGIN#*', 'RATE#*'] },
      });
      expect(tableAccessOf(fnId, 'team')).toEqual({
        'MEMBER#*': ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      });
      expect(tableAccessOf(fnId, 'audit')).toEqual({ '*': ['dynamodb:PutItem'] });
      for (const table of ['leads', 'views', 'stats'] as const)
        expect(dynamoStatements(fnId, table), table).toEqual([]);
    });

    it('lets the category and author managers touch only their own kind of records, and no post', () => {
      const kinds = [
        ['Category', 'CATEGORY*'],
        ['Author', 'AUTHOR*'],
      ] as const;
      for (const [kind, prefix] of kinds) {
        for (const verb of ['create', 'rename', 'delete']) {
          const name = `${verb}${kind}`;
          const fnId = opFunction(name).id;
          const statements = dynamoStatements(fnId, 'content');
          expect(statements, name).toHaveLength(1);
          expect(statements[0]?.Condition, name).toEqual({
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [prefix] },
          });
          expect(referencedIds(statements[0]?.Resource), name).toEqual([tableId('content')]);
          for (const table of ['leads', 'views'] as const)
            expect(dynamoStatements(fnId, table), name).toEqual([]);
          const actions = statements[0]?.actions ?? [];
          expect(actions.includes('dynamodb:PutItem'), name).toBe(verb !== 'delete');
          // An add only puts (its item and name guard, in one transaction); nothing to delete.
          expect(actions.includes('dynamodb:DeleteItem'), name).toBe(verb !== 'create');
          expect(
            grantsOfFn(fnId).some((st) => st.actions.includes('cloudfront:CreateInvalidation')),
            name,
          ).toBe(verb === 'rename');
        }
      }
    });

    it('lets the revision readers read content only, and restore write it like an update', () => {
      for (const name of ['listRevisions', 'getRevision']) {
        const statements = grantsOfFn(opFunction(name).id);
        expect(statements.flatMap((st) => st.actions).sort(), name).toEqual(
          [...TABLE_ACTIONS.read].sort(),
        );
        expect(new Set(statements.flatMap((st) => referencedIds(st.Resource)))).toEqual(
          new Set([tableId('content')]),
        );
      }
      const restore = opFunction('restoreRevision').id;
      expect(dynamoStatements(restore, 'content').flatMap((st) => st.actions)).toEqual(
        expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:DeleteItem']),
      );
      expect(mediaAccessOf(restore)).toEqual({
        images: ['s3:DeleteObject'],
        banners: ['s3:DeleteObject'],
      });
    });

    it('lets the publishing job read and update content, drop the redirect of an address it publishes, and invalidate the site, nothing else', () => {
      const job = functionByDescription(s.whole, 'Publishes scheduled posts');
      const statements = grantsOfFn(job.id);
      expect(statements.flatMap((st) => st.actions).sort()).toEqual(
        [
          ...TABLE_ACTIONS.read,
          ...TABLE_ACTIONS.write,
          ...TABLE_ACTIONS.delete,
          'cloudfront:CreateInvalidation',
          ...EDGE_STORE_ACTIONS,
          // The page changes it makes live: their HTML, rendered by the render function, and
          // what each page's HTML says it was rendered from (a HEAD, granted by s3:GetObject).
          's3:PutObject',
          's3:DeleteObject',
          's3:GetObject',
          'lambda:InvokeFunction',
        ].sort(),
      );
      // It deletes only redirects and 404 entries.
      expect(tableAccessOf(job.id, 'content')['REDIRECT* NOTFOUND#*']).toEqual([
        'dynamodb:DeleteItem',
      ]);
      expect(dynamoStatements(job.id, 'leads')).toEqual([]);
      expect(dynamoStatements(job.id, 'views')).toEqual([]);
      expect(envOf(job.id)).toMatchObject({
        CONTENT_TABLE: { Ref: tableId('content') },
        DISTRIBUTION_ID: { Ref: expect.stringMatching(/^SiteDistribution/) },
      });
    });

    it('lets the leads inbox, export and lead page only read leads', () => {
      for (const name of ['listLeads', 'exportLeads', 'getLead']) {
        const statements = grantsOfFn(opFunction(name).id);
        expect(statements.flatMap((st) => st.actions).sort(), name).toEqual(
          [...TABLE_ACTIONS.read, ...(name === 'listLeads' ? TABLE_ACTIONS.read : [])].sort(),
        );
        expect(new Set(statements.flatMap((st) => referencedIds(st.Resource)))).toEqual(
          new Set([tableId('leads'), ...(name === 'listLeads' ? [tableId('stats')] : [])]),
        );
      }
      // The inbox's status counts ("Spam · 3"), not the weekly figures nor the counted markers.
      const inbox = opFunction('listLeads').id;
      expect(tableAccessOf(inbox, 'stats')).toEqual({
        'LEAD_STATUS*': [...TABLE_ACTIONS.read].sort(),
      });
      expect(envOf(inbox)).toMatchObject({ STATS_TABLE: { Ref: tableId('stats') } });
    });
  });

  describe('lead pipeline', () => {
    const leadCounters = 'LEADS#* LEAD_STATUS* COUNTED#*';
    const readWrite = [...TABLE_ACTIONS.read, ...TABLE_ACTIONS.write].sort();
    /** Functions holding any statement on the leads table. */
    const leadFunctions = () =>
      ownFunctions().filter((f) => dynamoStatements(f.id, 'leads').length);

    it('lets no function Scan, nor touch the leads table unless it works with leads', () => {
      for (const fn of ownFunctions())
        for (const st of statementsOf(s.whole, fn.id))
          expect(st.actions, fn.id).not.toContain('dynamodb:Scan');
      const expected = [
        ...[
          'createLead',
          'listLeads',
          'exportLeads',
          'getLead',
          'setLeadStatus',
          'addLeadNote',
          'eraseLead',
          // Conversions and the 12-hour promise are read from the leads.
          'getAnalytics',
        ].map((n) => opFunction(n).id),
        retryJob().id,
        backfillJob().id,
        remindJob().id,
      ].sort();
      expect(
        leadFunctions()
          .map((f) => f.id)
          .sort(),
      ).toEqual(expected);
    });

    /** Writing a history entry and taking it back when the lead's update is refused. */
    const historyWriter = [...readWrite, 'dynamodb:DeleteItem'].sort();

    it('lets a status change update the lead and its history, correct its counters and notify', () => {
      const fnId = opFunction('setLeadStatus').id;
      expect(tableAccessOf(fnId, 'leads')).toEqual({ '*': historyWriter });
      // Reading the lead's marker tells whether it was counted before correcting its counters.
      expect(tableAccessOf(fnId, 'stats')).toEqual({ [leadCounters]: readWrite });
      expect(grantsOfFn(fnId).some((st) => st.actions.includes('ses:SendEmail'))).toBe(true);
      expect(parametersOf(fnId)).toEqual([WEBHOOK.secretParameter, WEBHOOK.urlParameter].sort());
      for (const table of ['content', 'views'] as const)
        expect(dynamoStatements(fnId, table)).toEqual([]);
    });

    it('lets a note only change the lead and its history', () => {
      const fnId = opFunction('addLeadNote').id;
      expect(
        grantsOfFn(fnId)
          .flatMap((st) => st.actions)
          .sort(),
      ).toEqual(historyWriter);
      expect(tableAccessOf(fnId, 'leads')).toEqual({ '*': historyWriter });
    });

    it('lets an erasure delete the lead and take it off the counters, and send nothing', () => {
      const fnId = opFunction('eraseLead').id;
      expect(tableAccessOf(fnId, 'leads')).toEqual({ '*': historyWriter });
      expect(tableAccessOf(fnId, 'stats')).toEqual({ [leadCounters]: readWrite });
      expect(grantsOfFn(fnId).some((st) => st.actions.includes('ses:SendEmail'))).toBe(false);
      expect(parametersOf(fnId)).toEqual([]);
    });

    it('lets the dashboard read the figures and post titles only: no lead, no marker', () => {
      const fnId = opFunction('getDashboard').id;
      const read = [...TABLE_ACTIONS.read].sort();
      expect(tableAccessOf(fnId, 'stats')).toEqual({ 'LEADS#* LEAD_STATUS* VIEWS#*': read });
      expect(tableAccessOf(fnId, 'content')).toEqual({ 'POST#*': read });
      expect(
        grantsOfFn(fnId)
          .flatMap((st) => st.actions)
          .every((a) => read.includes(a)),
      ).toBe(true);
      expect(envOf(fnId)).toMatchObject({ STATS_TABLE: { Ref: tableId('stats') } });
      expect(envOf(fnId)).not.toHaveProperty('LEADS_TABLE');
    });

    it('lets exactly the notifiers read the webhook parameters, and tells them the site address', () => {
      const notifiers = [
        opFunction('createLead').id,
        opFunction('setLeadStatus').id,
        retryJob().id,
        remindJob().id,
      ];
      const readers = ownFunctions()
        .filter((f) => parametersOf(f.id).some((p) => p.startsWith('/agency/')))
        .map((f) => f.id)
        .sort();
      expect(readers).toEqual([...notifiers].sort());
      for (const fnId of notifiers) {
        expect(parametersOf(fnId).filter((p) => p.startsWith('/agency/'))).toEqual(
          [WEBHOOK.secretParameter, WEBHOOK.urlParameter].sort(),
        );
        expect(envOf(fnId)).toMatchObject({
          LEAD_WEBHOOK_URL_PARAM: WEBHOOK.urlParameter,
          LEAD_WEBHOOK_SECRET_PARAM: WEBHOOK.secretParameter,
          // The site's address (its custom domain), for the link to the lead in the admin.
          SITE_URL: `https://${PROD_DOMAINS.domainNames}`,
        });
        // Names of parameters only: the URL itself is a secret and never in the template.
        expect(envOf(fnId)).not.toHaveProperty('LEAD_WEBHOOK_URL');
        expect(envOf(fnId)).not.toHaveProperty('LEAD_WEBHOOK_SECRET');
      }
      const retry = retryJob().id;
      expect(tableAccessOf(retry, 'leads')).toEqual({ '*': readWrite });
      expect(dynamoStatements(retry, 'stats')).toEqual([]);
    });

    it('counts the leads stored before the dashboard once per deploy that changes the job, after the new API', () => {
      const job = backfillJob();
      expect(s.stack.leadStats.backfill.fn.bundle).toBe('backfill-lead-stats');
      const trigger = resourcesOf(s.whole, 'Custom::Trigger').find((t) =>
        referencedIds(t.props.HandlerArn).some((id) =>
          id.startsWith('LeadStatsBackfillLeadStatsFunctionCurrentVersion'),
        ),
      );
      expect(trigger?.props).toMatchObject({
        InvocationType: 'RequestResponse',
        ExecuteOnHandlerChange: true,
      });
      // createLead counts new leads (with their markers) before the backfill counts the rest.
      expect(trigger?.raw.DependsOn).toContain(waitedFor(opFunction('createLead').id));
      expect(job.props.Timeout).toBe(900);
      expect(tableAccessOf(job.id, 'leads')).toEqual({ '*': [...TABLE_ACTIONS.read].sort() });
      expect(tableAccessOf(job.id, 'stats')).toEqual({
        [leadCounters]: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      });
      // Its done marker only: a complete run is not repeated.
      expect(tableAccessOf(job.id, 'content')).toEqual({ 'JOB#*': readWrite });
      expect([...new Set(grantsOfFn(job.id).flatMap((st) => st.actions))].sort()).toEqual(
        readWrite,
      );
    });
  });

  describe('marketing pages', () => {
    const publishJob = () => functionByDescription(s.whole, 'Publishes scheduled posts').id;
    /** A function's statements on the site bucket's objects. */
    const siteFileStatements = (fnId: string) =>
      grantsOfFn(fnId).filter((st) => referencedIds(st.Resource).includes(bucketId('SiteBucket')));
    const renderInvokes = (fnId: string) =>
      grantsOfFn(fnId).filter((st) => referencedIds(st.Resource).includes(renderFunction().id));
    const pageIds = (operations: string[], others: string[] = []) =>
      [...operations.map((n) => opFunction(n).id), ...others].sort();

    it("lets exactly the page writers put or delete pages' HTML in the site bucket, and invoke the render function", () => {
      const holders = (action: string) =>
        ownFunctions()
          .filter((f) => siteFileStatements(f.id).some((st) => st.actions.includes(action)))
          .map((f) => f.id)
          .sort();
      // Moving a page publishes it at its new address.
      expect(holders('s3:PutObject')).toEqual(
        pageIds(['movePage', 'publishPage', 'updateSiteSettings'], [publishJob(), seedJob().id]),
      );
      // Retiring deletes a page's HTML; so does a render that finds its page retired meanwhile,
      // moving (the old address retired) and restoring (the address kept off the site as a draft's).
      expect(holders('s3:DeleteObject')).toEqual(
        pageIds(
          ['deletePage', 'movePage', 'publishPage', 'restorePage', 'updateSiteSettings'],
          [publishJob(), seedJob().id],
        ),
      );
      // Only the repair reads what each page's HTML was rendered from.
      expect(holders('s3:GetObject')).toEqual(pageIds([], [publishJob()]));
      const invokers = ownFunctions()
        .filter((f) => renderInvokes(f.id).length > 0)
        .map((f) => f.id)
        .sort();
      expect(invokers).toEqual(
        pageIds(['movePage', 'publishPage', 'updateSiteSettings'], [publishJob(), seedJob().id]),
      );
      for (const id of [...holders('s3:PutObject'), ...holders('s3:DeleteObject')]) {
        // Only keys of pages (`<path>/index.html`), never an asset nor anything else.
        for (const st of siteFileStatements(id))
          expect(JSON.stringify(st.Resource), id).toMatch(/"\/\*index\.html"\]\]\}$/);
        expect(envOf(id).SITE_BUCKET, id).toEqual({ Ref: bucketId('SiteBucket') });
      }
      for (const id of invokers) {
        expect(renderInvokes(id).map((st) => st.actions)).toEqual([['lambda:InvokeFunction']]);
        // The render function, and the image function for the share cards drawn from titles.
        expect(renderInvokes(id).flatMap((st) => [st.Resource].flat())).toEqual(
          expect.arrayContaining([
            { 'Fn::GetAtt': [renderFunction().id, 'Arn'] },
            { 'Fn::GetAtt': [imageFunction().id, 'Arn'] },
          ]),
        );
        expect(renderInvokes(id).flatMap((st) => [st.Resource].flat())).toHaveLength(2);
        expect(envOf(id).RENDER_FUNCTION, id).toEqual({ Ref: renderFunction().id });
        expect(envOf(id).IMAGE_FUNCTION, id).toEqual({ Ref: imageFunction().id });
      }
    });

    it('lets the page readers read pages by key, and the lists query the byDate index only', () => {
      for (const name of ['listPages', 'listLivePages']) {
        const statements = grantsOfFn(opFunction(name).id);
        expect(
          statements.map((st) => st.actions),
          name,
        ).toEqual([['dynamodb:Query']]);
        expect(
          statements.every((st) => isIndexOnly(st, 'byDate')),
          name,
        ).toBe(true);
      }
      const get = ['dynamodb:GetItem'];
      expect(tableAccessOf(opFunction('getPage').id, 'content')).toEqual({ 'PAGE#*': get });
      expect(tableAccessOf(opFunction('getPageRevision').id, 'content')).toEqual({
        'PAGE#*': get,
      });
      expect(tableAccessOf(opFunction('listPageRevisions').id, 'content')).toEqual({
        'PAGE#*': [...TABLE_ACTIONS.read].sort(),
      });
      expect(tableAccessOf(opFunction('getSiteSettings').id, 'content')).toEqual({
        'SETTINGS*': get,
      });
      expect(tableAccessOf(opFunction('getLiveSiteSettings').id, 'content')).toEqual({
        'SETTINGS*': get,
      });
      for (const name of [
        'listPages',
        'getPage',
        'getSiteSettings',
        'getLiveSiteSettings',
        'updatePage',
        'createPage',
      ])
        expect(
          grantsOfFn(opFunction(name).id).filter((st) => !st.actions[0]?.startsWith('dynamodb:')),
          name,
        ).toEqual([]);
    });

    it('lets a draft save write its page and versions only, and a new page take a free address', () => {
      for (const name of ['updatePage', 'restorePageRevision'])
        expect(tableAccessOf(opFunction(name).id, 'content'), name).toEqual({
          'PAGE#*': [...TABLE_ACTIONS.read, 'dynamodb:PutItem', 'dynamodb:DeleteItem'].sort(),
          // The images it shows: read in one BatchGetItem, checked in its transaction.
          'MEDIA#*': [...TABLE_ACTIONS.read].sort(),
        });
      const create = opFunction('createPage').id;
      expect(tableAccessOf(create, 'content')).toEqual({
        'PAGE#* REDIRECT* SLUG#*': ['dynamodb:GetItem'],
        'PAGE#*': ['dynamodb:PutItem'],
        'MEDIA#*': [...TABLE_ACTIONS.read].sort(),
      });
      expect(envOf(create)).toHaveProperty('SITE_PAGE_PATHS');
    });

    it('lets publishing and retiring make the site follow the record: HTML, edge entry, invalidation', () => {
      const publish = opFunction('publishPage').id;
      expect(tableAccessOf(publish, 'content')).toEqual({
        'PAGE#* SETTINGS*': ['dynamodb:GetItem'],
        'PAGE#*': [...TABLE_ACTIONS.write].sort(),
        // Dropping a redirect at the address it publishes is a write of the redirect graph: its
        // version item read and raised, the store synced from the table's records.
        'REDIRECT*': [...TABLE_ACTIONS.read, 'dynamodb:DeleteItem', 'dynamodb:PutItem'].sort(),
        'MEDIA#*': [...TABLE_ACTIONS.read].sort(),
      });
      const retire = opFunction('deletePage').id;
      expect(
        dynamoStatements(retire, 'content')
          .map((st) => `${leadingKeysOf(st)?.join(' ')}: ${[...st.actions].sort().join(' ')}`)
          .sort(),
      ).toEqual(
        [
          'PAGE#*: dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem',
          `REDIRECT*: ${[...TABLE_ACTIONS.read, 'dynamodb:PutItem'].sort().join(' ')}`,
          'NOTFOUND#*: dynamodb:DeleteItem',
        ].sort(),
      );
      for (const id of [publish, retire]) {
        const actions = grantsOfFn(id).flatMap((st) => st.actions);
        expect(actions).toEqual(
          expect.arrayContaining(['cloudfront:CreateInvalidation', ...EDGE_STORE_ACTIONS]),
        );
        expect(envOf(id)).toMatchObject({
          DISTRIBUTION_ID: { Ref: expect.stringMatching(/^SiteDistribution/) },
          REDIRECT_STORE_ARN: expect.anything(),
          CONTENT_TABLE: { Ref: tableId('content') },
        });
      }
      // The settings re-render every page: no edge entry, no redirect, no page record written.
      const settings = opFunction('updateSiteSettings').id;
      expect(grantsOfFn(settings).flatMap((st) => st.actions)).not.toEqual(
        expect.arrayContaining(['cloudfront-keyvaluestore:UpdateKeys']),
      );
      expect(
        dynamoStatements(settings, 'content').map((st) =>
          isIndexOnly(st, 'byDate')
            ? 'byDate: dynamodb:Query'
            : `${leadingKeysOf(st)?.join(' ')}: ${[...st.actions].sort().join(' ')}`,
        ),
      ).toEqual([
        'byDate: dynamodb:Query',
        'SETTINGS*: dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem',
        `MEDIA#*: ${[...TABLE_ACTIONS.read].sort().join(' ')}`,
      ]);
    });

    it('renders every page with each new build: a Trigger after the upload of the build and the render function', () => {
      const job = seedJob();
      expect(s.stack.pageRender.fn.bundle).toBe('seed-pages');
      const trigger = resourcesOf(s.whole, 'Custom::Trigger').find((t) =>
        referencedIds(t.props.HandlerArn).some((id) =>
          id.startsWith('PagesSeedFunctionCurrentVersion'),
        ),
      );
      expect(trigger?.props).toMatchObject({
        InvocationType: 'RequestResponse',
        ExecuteOnHandlerChange: true,
        // The render bundle's fingerprint: a new build is an update, so the job runs again.
        Build: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const [deployPages] = resourcesOf(s.whole, 'Custom::CDKBucketDeployment').filter(
        (d) => d.props.DestinationBucketKeyPrefix === undefined,
      );
      expect(trigger?.raw.DependsOn).toEqual(
        expect.arrayContaining([deployPages?.id, renderFunction().id]),
      );
      expect(job.props.Timeout).toBe(900);
      expect(
        dynamoStatements(job.id, 'content').map((st) =>
          isIndexOnly(st, 'byDate')
            ? 'byDate: dynamodb:Query'
            : `${leadingKeysOf(st)?.join(' ')}: ${[...st.actions].sort().join(' ')}`,
        ),
      ).toEqual([
        'byDate: dynamodb:Query',
        'PAGE#*: dynamodb:PutItem',
        'SETTINGS*: dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem',
      ]);
      expect(
        [...new Set(grantsOfFn(job.id).flatMap((st) => st.actions))]
          .filter((a) => !a.startsWith('dynamodb:'))
          .sort(),
      ).toEqual([
        'cloudfront:CreateInvalidation',
        'lambda:InvokeFunction',
        's3:DeleteObject',
        's3:PutObject',
      ]);
    });
  });

  describe('redirects', () => {
    it("rebuilds the edge's redirect store from the table once per deploy that changes the job, after the store and the new API, and every hour", () => {
      const job = s.stack.redirectRebuild.fn;
      expect(job.bundle).toBe('rebuild-redirects');
      // One function, the scheduled job's: the deploy's Trigger and the hourly rule both run it.
      expect(s.stack.jobs['rebuild-redirects'].fn).toBe(job);
      expect(s.stack.jobs['rebuild-redirects'].interval.toMinutes()).toBe(60);
      const jobId = functionByDescription(s.whole, "Makes the edge's redirect store").id;
      const trigger = resourcesOf(s.whole, 'Custom::Trigger').find((t) =>
        referencedIds(t.props.HandlerArn).some((id) =>
          id.startsWith('RebuildRedirectsJobRebuildRedirectsFunctionCurrentVersion'),
        ),
      );
      expect(trigger?.props).toMatchObject({
        InvocationType: 'RequestResponse',
        ExecuteOnHandlerChange: true,
      });
      const [store] = resourcesOf(s.whole, 'AWS::CloudFront::KeyValueStore');
      const dependsOn = JSON.stringify(trigger?.raw.DependsOn);
      expect(dependsOn).toContain(store?.id);
      expect(trigger?.raw.DependsOn).toContain(waitedFor(opFunction('createRedirect').id));
      expect(envOf(jobId)).toMatchObject({
        REDIRECT_STORE_ARN: { 'Fn::GetAtt': [store?.id, 'Arn'] },
      });
      // The redirect records and the 404 entries they drop; posts, slugs and pages only read,
      // and every page listed (their edge entries) through the byDate index.
      const index = dynamoStatements(jobId, 'content').filter((st) => isIndexOnly(st, 'byDate'));
      expect(index.map((st) => st.actions)).toEqual([['dynamodb:Query']]);
      expect(tableAccessOf(jobId, 'content')).toEqual({
        ...tableAccessOf(opFunction('createRedirect').id, 'content'),
        '*': ['dynamodb:Query'],
      });
      expect(tableAccessOf(opFunction('createRedirect').id, 'content')['PAGE#*']).toEqual([
        'dynamodb:GetItem',
      ]);
    });
  });

  describe('media', () => {
    const invokeStatements = (fnId: string) =>
      grantsOfFn(fnId).filter(
        (st) =>
          st.actions.some((a) => a.startsWith('lambda:')) &&
          !referencedIds(st.Resource).some((id) => id.startsWith('RenderRenderFunction')),
      );
    /** Who may do `action` under `prefix` of the media bucket, by logical id. */
    const holders = (prefix: MediaPrefixKey, action: string): string[] =>
      ownFunctions()
        .filter((f) => mediaAccessOf(f.id)[prefix]?.includes(action))
        .map((f) => f.id)
        .sort();
    /** Logical ids of operations' functions and of other functions, sorted. */
    const ids = (operations: string[], others: string[] = []) =>
      [...operations.map((n) => opFunction(n).id), ...others].sort();

    it('routes the five media operations to their own functions behind the admin authorizer, as the contract lists them', () => {
      const routes = resourcesOf(s.whole, 'AWS::ApiGatewayV2::Route');
      for (const name of [
        'createUpload',
        'confirmUpload',
        'listMedia',
        'deleteMedia',
        'updateMedia',
      ] as const) {
        const op = contract[name];
        expect(op.auth, name).toBe('admin');
        const route = routes.find((r) => r.props.RouteKey === `${op.method} ${op.path}`);
        expect(route?.props, name).toMatchObject({ AuthorizationType: 'JWT' });
        expect(s.stack.api.functions.get(name)?.bundle).toBe(operationFunction(name).name);
      }
    });

    it('gives each media prefix exactly the functions that need it', () => {
      const process = imageFunction().id;
      const writers = ['createPost', 'updatePost'];
      const releasers = [...writers, 'purgePost', 'restoreRevision'];
      const expected: [MediaPrefixKey, string, string[]][] = [
        // Only the upload signer and the spec's multipart banner write raw uploads…
        ['uploads', 's3:PutObject', ids(['createUpload', ...writers], [])],
        // …only what checks or processes them reads them…
        ['uploads', 's3:GetObject', ids(['confirmUpload', ...writers], [process])],
        ['uploads', 's3:DeleteObject', ids(['confirmUpload', ...writers], [])],
        // …only the image function writes what is served…
        ['images', 's3:PutObject', ids([], [process])],
        ['images', 's3:GetObject', []],
        // …and only releasing an image (a post writer, the media page) deletes it.
        ['images', 's3:DeleteObject', ids([...releasers, 'deleteMedia'], [trashJob().id])],
        // Banners from before the media library: read by no function (the image migration is an
        // operator's command), deleted when a post lets one go.
        ['banners', 's3:PutObject', []],
        ['banners', 's3:GetObject', []],
        ['banners', 's3:DeleteObject', ids(releasers, [trashJob().id])],
        // The share cards drawn from titles: the image function alone reads (is it there?) and
        // writes them; nothing deletes one (an old page's card may still be shared).
        ['cards', 's3:PutObject', ids([], [process])],
        ['cards', 's3:GetObject', ids([], [process])],
        ['cards', 's3:DeleteObject', []],
      ];
      for (const [prefix, action, fns] of expected)
        expect(holders(prefix, action), `${action} on ${prefix}/`).toEqual(fns);
      // Those that check an upload or a card exists may list the bucket; nobody else may.
      expect(
        ownFunctions()
          .filter((f) => listsMedia(f.id))
          .map((f) => f.id)
          .sort(),
      ).toEqual(ids(['confirmUpload', ...writers], [process]));
    });

    it('lets createUpload sign upload forms and nothing more: put on uploads/* only', () => {
      const fnId = opFunction('createUpload').id;
      expect(grantsOfFn(fnId).map((st) => st.actions)).toEqual([['s3:PutObject']]);
      expect(mediaAccessOf(fnId)).toEqual({ uploads: ['s3:PutObject'] });
      expect(envOf(fnId)).toMatchObject({ MEDIA_BUCKET: { Ref: bucketId('MediaBucket') } });
    });

    it('lets confirmUpload read and delete the upload, register MEDIA# records only, and invoke exactly the image function', () => {
      const fnId = opFunction('confirmUpload').id;
      expect(mediaAccessOf(fnId)).toEqual({ uploads: ['s3:DeleteObject', 's3:GetObject'] });
      // Its own records read and written (and the pin of refused bytes deleted); posts read only,
      // to name where an image is used.
      expect(tableAccessOf(fnId, 'content')).toEqual({
        'MEDIA#*': [...TABLE_ACTIONS.read, ...TABLE_ACTIONS.write, ...TABLE_ACTIONS.delete].sort(),
        'POST#*': [...TABLE_ACTIONS.read].sort(),
      });
      expect(listsMedia(fnId)).toBe(true);
      expect(invokeStatements(fnId)).toEqual([
        expect.objectContaining({
          Action: 'lambda:InvokeFunction',
          Resource: { 'Fn::GetAtt': [imageFunction().id, 'Arn'] },
        }),
      ]);
      expect(envOf(fnId)).toMatchObject({
        IMAGE_FUNCTION: { Ref: imageFunction().id },
        MEDIA_BUCKET: { Ref: bucketId('MediaBucket') },
        CONTENT_TABLE: { Ref: tableId('content') },
      });
      // It waits for the variants: as long as API Gateway waits for any integration.
      expect(opFunction('confirmUpload').props.Timeout).toBe(29);
    });

    it('lets listMedia only read content, and deleteMedia read content and change only MEDIA# records and images/', () => {
      const list = grantsOfFn(opFunction('listMedia').id);
      expect(list.flatMap((st) => st.actions).sort()).toEqual([...TABLE_ACTIONS.read].sort());
      const fnId = opFunction('deleteMedia').id;
      expect(mediaAccessOf(fnId)).toEqual({ images: ['s3:DeleteObject'] });
      // 409 names the posts, pages and settings using the image: they are read (the pages through
      // the byDate index, and checked unchanged in the delete's transaction), never written.
      expect(tableAccessOf(fnId, 'content')).toEqual({
        '*': [...TABLE_ACTIONS.read].sort(),
        'MEDIA#*': [...TABLE_ACTIONS.write, ...TABLE_ACTIONS.delete].sort(),
      });
      expect(invokeStatements(fnId)).toEqual([]);
      expect(listsMedia(fnId)).toBe(false);
    });

    it('lets only the upload confirmation and the post writers invoke the image function, and nothing invoke anything else', () => {
      const invokers = ownFunctions()
        .filter((f) => invokeStatements(f.id).length > 0)
        .map((f) => f.id)
        .sort();
      expect(invokers).toEqual(ids(['confirmUpload', 'createPost', 'updatePost'], []));
      for (const id of invokers) {
        expect(invokeStatements(id).map((st) => st.Resource)).toEqual([
          { 'Fn::GetAtt': [imageFunction().id, 'Arn'] },
        ]);
        expect(envOf(id).IMAGE_FUNCTION).toEqual({ Ref: imageFunction().id });
      }
    });

    it('lets exactly the functions that change what pages show refresh the distribution', () => {
      const refreshers = ownFunctions()
        .filter((f) =>
          grantsOfFn(f.id).some((st) => st.actions.includes('cloudfront:CreateInvalidation')),
        )
        .map((f) => f.id)
        .sort();
      const publishJob = functionByDescription(s.whole, 'Publishes scheduled posts').id;
      expect(refreshers).toEqual(
        ids(
          [
            'createPost',
            'updatePost',
            'deletePost',
            'restoreRevision',
            'renameCategory',
            'renameAuthor',
            'publishPage',
            'deletePage',
            'movePage',
            'restorePage',
            'updateSiteSettings',
          ],
          [publishJob, seedJob().id],
        ),
      );
      for (const id of refreshers)
        expect(envOf(id).DISTRIBUTION_ID, id).toEqual({
          Ref: expect.stringMatching(/^SiteDistribution/),
        });
      // The site's address only where it is written: pages (the render function), the link to
      // a lead in its notifications (the functions that notify), and the site part of the daily
      // visitor hash (collect, and increaseView counting a post once per visitor).
      expect(
        ownFunctions()
          .filter((f) => envOf(f.id).SITE_URL !== undefined)
          .map((f) => f.id)
          .sort(),
      ).toEqual(
        ids(
          ['createLead', 'setLeadStatus', 'collect', 'increaseView'],
          [functionByDescription(s.whole, 'Server-renders').id, retryJob().id, remindJob().id],
        ),
      );
    });

    it('runs the image function on arm64 with room for a 20 MB photo, reading uploads and writing images and cards only', () => {
      const fn = imageFunction();
      expect(fn.props).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs24.x',
        Handler: 'index.handler',
        MemorySize: 3008,
        Timeout: 60,
      });
      expect(s.stack.images.processFunction.bundle).toBe('process-image');
      // Its code ships sharp's Linux arm64 build (the machine's own build is never shipped).
      const shipped = shippedFunctions(s.template.toJSON(), s.outdir).find(
        (f) => f.bundle === 'process-image',
      );
      const img = path.join(shipped?.assetDir ?? '', 'node_modules', '@img');
      expect(existsSync(path.join(img, 'sharp-linux-arm64'))).toBe(true);
      expect(readdirSync(img).filter((d) => /x64|darwin|win32/.test(d))).toEqual([]);
      // …and the share cards' font, as the package is.
      const font = path.join(shipped?.assetDir ?? '', 'node_modules', '@fontsource', 'open-sans');
      expect(existsSync(path.join(font, 'files', 'open-sans-latin-700-normal.woff'))).toBe(true);
      expect(grantsOfFn(fn.id).every((st) => st.actions.every((a) => a.startsWith('s3:')))).toBe(
        true,
      );
      expect(mediaAccessOf(fn.id)).toEqual({
        uploads: ['s3:GetObject'],
        images: ['s3:PutObject'],
        cards: ['s3:GetObject', 's3:PutObject'],
      });
      expect(envOf(fn.id)).toMatchObject({ MEDIA_BUCKET: { Ref: bucketId('MediaBucket') } });
      expect(envOf(fn.id)).not.toHaveProperty('CONTENT_TABLE');
    });

    it('runs no image migration at deploy: moving images from before the media library is an operator command', () => {
      const bundles = resourcesOf(s.whole, 'AWS::Lambda::Function').flatMap(
        (f) =>
          (f.props.Tags as { Key: string; Value: string }[] | undefined)
            ?.filter((t) => t.Key === FUNCTION_TAG)
            .map((t) => t.Value) ?? [],
      );
      expect(bundles).toContain('process-image');
      expect(bundles).not.toContain('migrate-images');
      // The triggers run the lead statistics backfill, the pages and the redirect store's rebuild.
      const deployJobs = [
        backfillJob().id,
        seedJob().id,
        functionByDescription(s.whole, "Makes the edge's redirect store").id,
      ];
      const triggered = resourcesOf(s.whole, 'Custom::Trigger')
        .flatMap((t) => referencedIds(t.props.HandlerArn))
        // A version's logical id is its function's without the hash, then `CurrentVersion…`.
        .map(
          (id) =>
            deployJobs.find((job) => id.startsWith(`${job.slice(0, -8)}CurrentVersion`)) ?? id,
        );
      expect(triggered.sort()).toEqual([...deployJobs].sort());
    });

    it("takes upload forms from the custom domain's origins when there is one", () => {
      expect(
        uploadOrigins({
          names: ['www.agency.example', 'agency.example'],
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
          tlsPolicy: 'TLSv1.2_2021',
        }),
      ).toEqual(['https://www.agency.example', 'https://agency.example']);
      expect(uploadOrigins(undefined)).toEqual(['https://*.cloudfront.net']);
    });

    it('expires unconfirmed uploads after a day and takes upload forms from the site only', () => {
      const bucket = resourcesOf(s.whole, 'AWS::S3::Bucket').find(
        (b) => b.id === bucketId('MediaBucket'),
      );
      const rules = z
        .object({
          LifecycleConfiguration: z.object({ Rules: z.array(z.record(z.string(), z.unknown())) }),
        })
        .parse(bucket?.props).LifecycleConfiguration.Rules;
      expect(rules).toContainEqual(
        expect.objectContaining({
          Prefix: 'uploads/',
          ExpirationInDays: 1,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          Status: 'Enabled',
        }),
      );
      // Only the uploads rule expires current objects: served images stay.
      expect(rules.filter((r) => r.ExpirationInDays !== undefined)).toHaveLength(1);
      // Versioned: a deleted image's objects stay restorable for 30 days, then go with their delete
      // markers; an unfinished multipart upload goes after a day.
      expect(bucket?.props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(rules).toContainEqual({
        Id: 'ExpireOldVersions',
        NoncurrentVersionExpiration: { NoncurrentDays: 30 },
        ExpiredObjectDeleteMarker: true,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      });
      expect(bucket?.props.CorsConfiguration).toEqual({
        CorsRules: [
          {
            AllowedMethods: ['POST'],
            // The site's custom domain, never *.cloudfront.net (anyone's distribution).
            AllowedOrigins: [`https://${PROD_DOMAINS.domainNames}`],
            AllowedHeaders: ['content-type'],
            MaxAge: 3600,
          },
        ],
      });
    });

    it('lets CloudFront read only images/, banners/ and cards/ of the media bucket (and list it, for 404s)', () => {
      const policy = resourcesOf(s.whole, 'AWS::S3::BucketPolicy').find((p) =>
        referencedIds(p.props.Bucket).includes(bucketId('MediaBucket')),
      );
      const statements = z
        .object({
          PolicyDocument: z.object({
            Statement: z.array(
              z.object({
                Principal: z.unknown().optional(),
                Action: z.union([z.string(), z.array(z.string())]),
                Resource: z.unknown(),
              }),
            ),
          }),
        })
        .parse(policy?.props)
        .PolicyDocument.Statement.filter((st) =>
          JSON.stringify(st.Principal ?? '').includes('cloudfront.amazonaws.com'),
        );
      const get = statements.find((st) => st.Action === 's3:GetObject');
      const served = JSON.stringify(get?.Resource);
      expect(served).toContain('"/images/*"');
      expect(served).toContain('"/banners/*"');
      expect(served).toContain('"/cards/*"');
      expect(served).not.toContain('"/*"');
      expect(served).not.toContain('uploads');
      expect(statements.map((st) => st.Action).sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
    });
  });

  it('passes configuration as environment variables named as lambdas/src/platform/env.ts reads them', () => {
    const env = (name: string) => envOf(opFunction(name).id);
    expect(env('createLead')).toMatchObject({
      LEADS_TABLE: { Ref: tableId('leads') },
      CONTENT_TABLE: { Ref: tableId('content') },
      MAIL_FROM: 'no-reply@example.com',
      MAIL_TO: 'sales@example.com',
      CAPTCHA_HMAC_KEY_PARAM: '/aws/reference/secretsmanager/AgencySite-prod/captcha-hmac-key',
    });
    expect(env('createLead')).not.toHaveProperty('VIEWS_TABLE');
    expect(env('listLeads')).toMatchObject({
      USER_POOL_ID: expect.anything(),
      USER_POOL_CLIENT_ID: expect.anything(),
      ADMIN_GROUP: 'admins',
    });
    // Public calls with an admin view verify an admin token when one is sent.
    for (const name of ['listPosts', 'getPost'])
      expect(env(name), name).toMatchObject({
        USER_POOL_ID: expect.anything(),
        USER_POOL_CLIENT_ID: expect.anything(),
      });
    expect(env('createPost')).toMatchObject({
      MEDIA_BUCKET: { Ref: bucketId('MediaBucket') },
      DISTRIBUTION_ID: { Ref: expect.stringMatching(/^SiteDistribution/) },
    });
    expect(
      JSON.stringify(s.whole.toJSON()).includes('"SecretString":'),
      'a secret value in the template',
    ).toBe(false);
  });

  it('lets the steps that count failed sign-ins read the captcha key, from which the throttle derives its hash key', () => {
    for (const name of [
      'login',
      'loginMfa',
      'loginNewPassword',
      'resetPassword',
      'changePassword',
      'disableMfa',
    ])
      expect(envOf(opFunction(name).id).CAPTCHA_HMAC_KEY_PARAM, name).toBe(
        '/aws/reference/secretsmanager/AgencySite-prod/captcha-hmac-key',
      );
  });

  it('keeps the captcha key out of the template: generated by Secrets Manager, read through Parameter Store', () => {
    s.whole.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
    s.whole.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'AgencySite-prod/captcha-hmac-key',
    });
    const fnId = opFunction('getCaptchaChallenge').id;
    expect(envOf(fnId).CAPTCHA_HMAC_KEY_PARAM).toBe(
      '/aws/reference/secretsmanager/AgencySite-prod/captcha-hmac-key',
    );
    const ssm = grantsOfFn(fnId).find((st) => st.actions.includes('ssm:GetParameter'));
    expect(JSON.stringify(ssm?.Resource)).toContain(
      ':parameter/aws/reference/secretsmanager/AgencySite-prod/captcha-hmac-key',
    );
    const secret = grantsOfFn(fnId).find((st) =>
      st.actions.includes('secretsmanager:GetSecretValue'),
    );
    expect(referencedIds(secret?.Resource)).toEqual(['ApiCaptchaKey2895B6A1']);
  });

  describe('staff accounts', () => {
    const staff = operationNames.filter(isStaffOperation);
    const audited = operationNames.filter(writesAudit);
    /** Every IAM statement of the template: inline role policies, policies and managed policies. */
    const everyStatement = (): { owner: string; st: Statement }[] => {
      const documents = [
        ...resourcesOf(s.whole, 'AWS::IAM::Policy').map((p) => ({
          owner: JSON.stringify(p.props.Roles),
          doc: p.props.PolicyDocument,
        })),
        ...resourcesOf(s.whole, 'AWS::IAM::ManagedPolicy').map((p) => ({
          owner: p.id,
          doc: p.props.PolicyDocument,
        })),
        ...resourcesOf(s.whole, 'AWS::IAM::Role').flatMap((r) =>
          z
            .array(z.object({ PolicyDocument: z.unknown() }))
            .parse(r.props.Policies ?? [])
            // Named as a policy resource names its role, so roleOf() finds either.
            .map((p) => ({ owner: JSON.stringify([{ Ref: r.id }]), doc: p.PolicyDocument })),
        ),
      ];
      return documents.flatMap(({ owner, doc }) =>
        z
          .object({ Statement: z.array(z.unknown()) })
          .parse(doc)
          .Statement.map((raw) => {
            const st = z
              .object({ Action: z.union([z.string(), z.array(z.string())]) })
              .passthrough()
              .parse(raw);
            const actions = typeof st.Action === 'string' ? [st.Action] : st.Action;
            return { owner, st: { ...(st as unknown as Statement), actions } };
          }),
      );
    };
    const roleOf = (fnId: string): string =>
      JSON.stringify([
        {
          Ref: z
            .object({ Role: z.object({ 'Fn::GetAtt': z.tuple([z.string(), z.string()]) }) })
            .parse(s.whole.toJSON().Resources[fnId].Properties).Role['Fn::GetAtt'][0],
        },
      ]);

    it('requires, on every staff route, the scope of exactly the groups the access table allows', () => {
      const routes = resourcesOf(s.whole, 'AWS::ApiGatewayV2::Route');
      for (const name of operationNames) {
        const op = contract[name];
        const route = routes.find((r) => r.props.RouteKey === `${op.method} ${op.path}`);
        if (op.auth === 'admin') {
          expect(groupsAllowed(name).length, name).toBeGreaterThan(0);
          expect(route?.props.AuthorizationScopes, name).toEqual(
            groupsAllowed(name).map(staffScope),
          );
        } else expect(route?.props.AuthorizationScopes, name).toBeUndefined();
      }
      // Editors are kept off the leads, the team and the audit trail by the route itself.
      const scopesOf = (name: OperationName) =>
        routes.find((r) => r.props.RouteKey === `${contract[name].method} ${contract[name].path}`)
          ?.props.AuthorizationScopes;
      expect(scopesOf('listLeads')).toEqual(['agency/admins']);
      expect(scopesOf('listAudit')).toEqual(['agency/admins']);
      expect(scopesOf('createPost')).toEqual(['agency/admins', 'agency/editors']);
    });

    it('lets no role change, delete or overwrite-by-update the audit trail: PutItem only, and reads only for listAudit', () => {
      const auditId = tableId('audit');
      const onAudit = everyStatement().filter(({ st }) =>
        referencedIds(st.Resource).includes(auditId),
      );
      expect(onAudit.length).toBeGreaterThan(0);
      const listAuditRole = roleOf(opFunction('listAudit').id);
      for (const { owner, st } of onAudit) {
        expect(st.Effect).toBe('Allow');
        const allowed = owner === listAuditRole ? TABLE_ACTIONS.read : ['dynamodb:PutItem'];
        expect(
          st.actions.filter((a) => !allowed.includes(a)),
          owner,
        ).toEqual([]);
        for (const forbidden of [
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:*',
          'dynamodb:PartiQLUpdate',
          'dynamodb:PartiQLDelete',
        ])
          expect(st.actions, owner).not.toContain(forbidden);
        // Writers name the table itself, never an index or a wildcard.
        if (st.actions.includes('dynamodb:PutItem'))
          expect(st.Resource).toEqual({ 'Fn::GetAtt': [auditId, 'Arn'] });
      }
      // The reader covers the table and its two indexes, and nothing else.
      const reads = onAudit.filter(({ owner }) => owner === listAuditRole);
      expect(reads).toHaveLength(1);
      expect(JSON.stringify(reads[0]?.st.Resource)).toContain('/index/byActor');
      expect(JSON.stringify(reads[0]?.st.Resource)).toContain('/index/byAction');
      // No managed policy or wildcard action reaches DynamoDB in the stack at all.
      for (const { owner, st } of everyStatement())
        expect(
          st.actions.filter((a) => a === '*' || a === 'dynamodb:*'),
          owner,
        ).toEqual([]);
    });

    it('lets exactly the audited operations append to the audit trail, and tells exactly them where it is', () => {
      const appenders = operationNames.filter((name) =>
        allGrantsOfFn(opFunction(name).id).some(isAuditAppend),
      );
      expect(appenders.sort()).toEqual([...audited].sort());
      expect(audited).toEqual(
        expect.arrayContaining([
          'login',
          'loginMfa',
          'loginNewPassword',
          'forgotPassword',
          'resetPassword',
          'createPost',
          'exportLeads',
          'inviteMember',
          'removeMember',
        ]),
      );
      for (const name of ['listLeads', 'getDashboard', 'listPosts', 'getPost', 'listAudit'])
        expect(audited, name).not.toContain(name);
      for (const name of operationNames) {
        const env = envOf(opFunction(name).id);
        if (audited.includes(name) || name === 'listAudit')
          expect(env.AUDIT_TABLE, name).toEqual({ Ref: tableId('audit') });
        else expect(env, name).not.toHaveProperty('AUDIT_TABLE');
      }
    });

    it('lets every staff function read its caller account record, and only that, with REQUIRE_MFA on in prod', () => {
      for (const name of operationNames) {
        const fnId = opFunction(name).id;
        // CDK merges it with an update of the same records into one statement.
        const reads = tableAccessOf(fnId, 'team')['MEMBER#*']?.includes('dynamodb:GetItem');
        if (staff.includes(name)) expect(reads, name).toBe(true);
        else if (!SIGN_IN_OPERATIONS.includes(name)) expect(reads ?? false, name).toBe(false);
        if (staff.includes(name))
          expect(envOf(fnId), name).toMatchObject({ TEAM_TABLE: { Ref: tableId('team') } });
        // The session calls renew and revoke with the pool's app client, so they get its settings.
        const session = name === 'refreshSession' || name === 'logoutSession';
        if (staff.includes(name) || SIGN_IN_OPERATIONS.includes(name) || session)
          expect(envOf(fnId).REQUIRE_MFA, name).toBe('true');
        else expect(envOf(fnId), name).not.toHaveProperty('REQUIRE_MFA');
      }
      // The table's records: nobody deletes an account record (a removed member's stays, disabled),
      // and only the team changes take the lease.
      for (const name of operationNames) {
        const access = tableAccessOf(opFunction(name).id, 'team');
        expect(access['MEMBER#*'] ?? [], name).not.toContain('dynamodb:DeleteItem');
        expect(
          Object.keys(access).filter((k) => k !== 'MEMBER#*' && k !== 'TEAM*'),
          name,
        ).toEqual([]);
        if (access['TEAM*'])
          expect([name, access['TEAM*']]).toEqual([
            expect.stringMatching(/^(updateMember|removeMember)$/),
            ['dynamodb:DeleteItem', 'dynamodb:PutItem'],
          ]);
      }
    });

    it("keeps the pool's admin API to the team functions and the password reset", () => {
      const adminActions = (name: OperationName) =>
        grantsOfFn(opFunction(name).id)
          .flatMap((st) => st.actions)
          .filter((a) => a.startsWith('cognito-idp:Admin') || a.startsWith('cognito-idp:List'))
          .sort();
      const team = ['listTeam', 'inviteMember', 'updateMember', 'signOutMember', 'removeMember'];
      for (const name of operationNames) {
        const actions = adminActions(name);
        if (team.includes(name)) expect(actions.length, name).toBeGreaterThan(0);
        // A failed step's typed identifier is recorded in full only when it is an account's e-mail.
        else if (['login', 'loginMfa', 'loginNewPassword', 'forgotPassword'].includes(name))
          expect(actions, name).toEqual(['cognito-idp:AdminGetUser']);
        else if (name === 'resetPassword')
          expect(actions).toEqual([
            'cognito-idp:AdminGetUser',
            'cognito-idp:AdminUserGlobalSignOut',
          ]);
        else expect(actions, name).toEqual([]);
      }
      expect(adminActions('listTeam')).toEqual([
        'cognito-idp:ListUsers',
        'cognito-idp:ListUsersInGroup',
      ]);
      // Only an invitation creates a user, and nothing sets a password behind its owner's back.
      for (const name of operationNames) {
        const actions = adminActions(name);
        if (name !== 'inviteMember')
          expect(actions, name).not.toContain('cognito-idp:AdminCreateUser');
        expect(actions, name).not.toContain('cognito-idp:AdminSetUserPassword');
      }
      // Admin actions are on this pool only.
      for (const name of team)
        for (const st of grantsOfFn(opFunction(name).id).filter((x) =>
          x.actions.some((a) => a.startsWith('cognito-idp:')),
        ))
          expect(st.Resource).toEqual({
            'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool/), 'Arn'],
          });
    });

    it('puts the staff scopes in access tokens with a V2 pre token generation trigger that holds no permission', () => {
      const fn = functionByDescription(s.whole, 'Adds the scope of each staff group');
      const pool = resourcesOf(s.whole, 'AWS::Cognito::UserPool')[0];
      expect(pool?.props.LambdaConfig).toEqual({
        PreTokenGenerationConfig: {
          LambdaArn: { 'Fn::GetAtt': [fn.id, 'Arn'] },
          LambdaVersion: 'V2_0',
        },
      });
      expect(s.stack.auth.staffScopes.bundle).toBe(triggerFunction('staff-scopes').name);
      expect(triggerFunction('staff-scopes').entry).toBe(
        path.join(REPO_ROOT, 'lambdas/src/modules/accounts/workers/staff-scopes.ts'),
      );
      expect(fn.props).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs24.x',
        Timeout: 5,
      });
      expect(grantsOfFn(fn.id)).toEqual([]);
      // Cognito, and only Cognito from this pool, may invoke it.
      s.whole.hasResourceProperties('AWS::Lambda::Permission', {
        FunctionName: { 'Fn::GetAtt': [fn.id, 'Arn'] },
        Principal: 'cognito-idp.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [pool?.id, 'Arn'] },
      });
    });

    it('sends from the domain identity with Easy DKIM and a custom MAIL FROM, and names its DNS records', () => {
      s.whole.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: 'example.com',
        DkimAttributes: { SigningEnabled: true },
        DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
        MailFromAttributes: {
          MailFromDomain: PROD_DOMAINS.mailFromDomain,
          BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
        },
      });
      const outputs = Object.entries(s.whole.toJSON().Outputs ?? {}).filter(([id]) =>
        id.includes('SenderDnsRecord'),
      );
      // Three DKIM CNAMEs, the MAIL FROM's MX and its SPF record.
      expect(outputs).toHaveLength(5);
      expect(JSON.stringify(outputs)).toContain(
        `${PROD_DOMAINS.mailFromDomain} TXT \\"v=spf1 include:amazonses.com ~all\\"`,
      );
    });

    it('serves the custom domain with the TLS 1.2 (2021) policy', () => {
      s.whole.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          Aliases: [PROD_DOMAINS.domainNames],
          ViewerCertificate: {
            AcmCertificateArn: PROD_DOMAINS.certificateArn,
            MinimumProtocolVersion: 'TLSv1.2_2021',
            SslSupportMethod: 'sni-only',
          },
        }),
      });
    });

    it('links the invitation and the reset code e-mails to the sign-in page at the site’s own address', () => {
      const [pool] = resourcesOf(s.whole, 'AWS::Cognito::UserPool');
      const siteUrl = `https://${PROD_DOMAINS.domainNames}`;
      // A message as CloudFormation joins it (an address from a reference written ${Id.DomainName}).
      const text = (value: unknown): string => {
        if (typeof value === 'string') return value;
        const join = z
          .object({ 'Fn::Join': z.tuple([z.literal(''), z.array(z.unknown())]) })
          .parse(value)['Fn::Join'][1];
        const getAtt = z.object({ 'Fn::GetAtt': z.array(z.string()) });
        return join
          .map((p) =>
            typeof p === 'string' ? p : `\${${getAtt.parse(p)['Fn::GetAtt'].join('.')}}`,
          )
          .join('');
      };
      const message = z.object({ EmailMessage: z.unknown() });
      const props = z
        .object({
          AdminCreateUserConfig: z.object({ InviteMessageTemplate: message }),
          VerificationMessageTemplate: message,
        })
        .parse(pool?.props);
      const invitation = text(props.AdminCreateUserConfig.InviteMessageTemplate.EmailMessage);
      expect(invitation).toBe(ACCOUNT_EMAILS.invitation.body(siteUrl));
      expect(invitation).toContain(`href="${siteUrl}/creative-login"`);
      expect(text(props.VerificationMessageTemplate.EmailMessage)).toBe(
        ACCOUNT_EMAILS.passwordReset.body(siteUrl),
      );
    });

    it('creates both staff groups, and sends invitations and reset codes as the stage sender with the ACCOUNT_EMAILS texts', () => {
      for (const group of STAFF_GROUPS)
        s.whole.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: group });
      expect(STAFF_GROUPS).toEqual(['admins', 'editors']);
      s.whole.hasResourceProperties('AWS::Cognito::UserPool', {
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        EmailConfiguration: {
          EmailSendingAccount: 'DEVELOPER',
          From: 'no-reply@example.com',
          // The sender's domain identity the Mail construct creates, in the stack's own region.
          SourceArn: 'arn:aws:ses:eu-west-1:123456789012:identity/example.com',
        },
        AdminCreateUserConfig: {
          AllowAdminCreateUserOnly: true,
          InviteMessageTemplate: {
            EmailSubject: ACCOUNT_EMAILS.invitation.subject,
            EmailMessage: Match.anyValue(),
          },
        },
        VerificationMessageTemplate: Match.objectLike({
          DefaultEmailOption: 'CONFIRM_WITH_CODE',
          EmailSubject: ACCOUNT_EMAILS.passwordReset.subject,
          EmailMessage: Match.anyValue(),
        }),
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_POLICY.minLength,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
            TemporaryPasswordValidityDays: PASSWORD_POLICY.tempPasswordDays,
          },
        },
      });
      // The pool waits for its sender identity.
      const pool = resourcesOf(s.whole, 'AWS::Cognito::UserPool')[0];
      expect(JSON.stringify(pool?.raw.DependsOn)).toMatch(/MailSender/);
      s.whole.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        AuthSessionValidity: AUTH_CHALLENGE_MINUTES,
      });
    });
  });

  describe('data', () => {
    it('creates the tables exactly as TABLES defines them, on demand, encrypted, with PITR unless backup is false', () => {
      expect(resourcesOf(s.whole, 'AWS::DynamoDB::Table')).toHaveLength(TABLE_NAMES.length);
      for (const name of TABLE_NAMES) {
        const spec = TABLES[name];
        const table = resourcesOf(s.whole, 'AWS::DynamoDB::Table').find(
          (t) => t.id === tableId(name),
        );
        const keySchema = [
          { AttributeName: spec.partitionKey, KeyType: 'HASH' },
          ...('sortKey' in spec ? [{ AttributeName: spec.sortKey, KeyType: 'RANGE' }] : []),
        ];
        expect(table?.props).toMatchObject({
          KeySchema: keySchema,
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: {
            PointInTimeRecoveryEnabled: !('backup' in spec && spec.backup === false),
          },
          SSESpecification: { SSEEnabled: true },
          DeletionProtectionEnabled: true,
        });
        const indexes = z
          .array(
            z.object({
              IndexName: z.string(),
              KeySchema: z.array(z.object({ AttributeName: z.string() })),
            }),
          )
          .parse(table?.props.GlobalSecondaryIndexes ?? []);
        const specIndexes: { name: string; partitionKey: string; sortKey: string }[] =
          Object.values(spec.indexes);
        expect(indexes.map((i) => i.IndexName).sort()).toEqual(
          specIndexes.map((i) => i.name).sort(),
        );
        for (const index of specIndexes) {
          expect(
            indexes.find((i) => i.IndexName === index.name)?.KeySchema.map((k) => k.AttributeName),
          ).toEqual([index.partitionKey, index.sortKey]);
        }
        if ('expiresAt' in spec)
          expect(table?.props.TimeToLiveSpecification).toEqual({
            AttributeName: 'expiresAt',
            Enabled: true,
          });
        else expect(table?.props.TimeToLiveSpecification).toBeUndefined();
        expect(table?.raw.DeletionPolicy).toBe('Retain');
      }
      const views = resourcesOf(s.whole, 'AWS::DynamoDB::Table').find(
        (t) => t.id === tableId('views'),
      );
      expect(views?.props.AttributeDefinitions).toEqual([
        { AttributeName: 'postId', AttributeType: 'N' },
      ]);
    });

    it('keeps no backup of the visitors table (hashes and salts must be gone within 48 h) and expires both analytics tables by TTL', () => {
      const table = (name: 'visitors' | 'analytics') =>
        resourcesOf(s.whole, 'AWS::DynamoDB::Table').find((t) => t.id === tableId(name))?.props;
      expect(table('visitors')?.PointInTimeRecoverySpecification).toEqual({
        PointInTimeRecoveryEnabled: false,
      });
      expect(table('analytics')?.PointInTimeRecoverySpecification).toEqual({
        PointInTimeRecoveryEnabled: true,
      });
      for (const name of ['visitors', 'analytics'] as const)
        expect(table(name)?.TimeToLiveSpecification, name).toEqual({
          AttributeName: 'expiresAt',
          Enabled: true,
        });
    });

    it('adds at most one global secondary index per table in a deploy (all CloudFormation can do)', () => {
      expect(newIndexes(s.template)).toEqual({ DataLeadsTable8F7912AF: ['byStatus'] });
      for (const added of Object.values(newIndexes(s.template)))
        expect(added.length).toBeLessThanOrEqual(1);
    });

    it('pins the logical ids and replacing properties of stateful resources (changing one would replace it and lose its data)', () => {
      expect(statefulIds(s.template)).toEqual(STATEFUL_IDS);
      expect(replacingProperties(s.template)).toEqual(expectedReplacingProperties('prod'));
    });
  });

  it('runs on current CDK defaults: no feature flag unconfigured, CloudFormation validation clean', () => {
    expect(currentDefaultsProblems(s)).toEqual([]);
  });

  it("sends every function's logs, CDK's deployment handler too, to a log group of the stack kept 90 days", () => {
    const functions = resourcesOf(s.whole, 'AWS::Lambda::Function');
    expect(functions.some((f) => f.id.startsWith('CustomCDKBucketDeployment'))).toBe(true);
    for (const fn of functions) {
      const [groupId] = referencedIds(
        z.object({ LoggingConfig: z.object({ LogGroup: z.unknown() }) }).parse(fn.props)
          .LoggingConfig.LogGroup,
      );
      const group = resourcesOf(s.whole, 'AWS::Logs::LogGroup').find((g) => g.id === groupId);
      expect(group?.props.RetentionInDays, fn.id).toBe(90);
    }
  });

  it('blocks public access and requires TLS on every bucket; media is versioned', () => {
    const buckets = resourcesOf(s.whole, 'AWS::S3::Bucket');
    // Site, media, access logs, and the prod canary's artifacts.
    expect(buckets.length).toBe(4);
    for (const bucket of buckets) {
      expect(bucket.props.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      const policy = resourcesOf(s.whole, 'AWS::S3::BucketPolicy').find((p) =>
        referencedIds(p.props.Bucket).includes(bucket.id),
      );
      expect(JSON.stringify(policy?.props.PolicyDocument)).toContain(
        '"aws:SecureTransport":"false"',
      );
    }
    s.whole.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
    });
  });

  it('configures the Cognito pool: no self sign-up, e-mail sign-in, strong passwords, optional TOTP, admins group, 1 h tokens', () => {
    s.whole.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12 }) },
      DeletionProtection: 'ACTIVE',
    });
    s.whole.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admins' });
    s.whole.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      AccessTokenValidity: 60,
      TokenValidityUnits: Match.objectLike({ AccessToken: 'minutes' }),
    });
  });

  it('publishes scheduled posts every minute', () => {
    const job = functionByDescription(s.whole, 'Publishes scheduled posts');
    s.whole.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [job.id, 'Arn'] } })],
    });
    expect(s.stack.jobs['publish-scheduled-posts'].fn.bundle).toBe('publish-scheduled-posts');
  });

  it('logs and throttles the API stage, and retries lead e-mails every 5 minutes', () => {
    s.whole.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('requestId'),
      },
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
    const job = functionByDescription(s.whole, 'Re-sends lead e-mails');
    s.whole.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [job.id, 'Arn'] } })],
    });
  });

  it('exports the site URL, user pool id and client id, and no execute-api address', () => {
    const outputs = Object.keys(s.template.toJSON().Outputs);
    expect(outputs).toEqual(expect.arrayContaining(['SiteUrl', 'UserPoolId', 'UserPoolClientId']));
    expect(JSON.stringify(s.template.toJSON().Outputs)).not.toContain('execute-api');
  });

  it('sends the API an origin secret from Secrets Manager and every API function checks it', () => {
    const json = JSON.stringify(s.whole.toJSON());
    const [distribution] = resourcesOf(s.whole, 'AWS::CloudFront::Distribution');
    const headers = JSON.stringify(distribution?.props.DistributionConfig);
    expect(headers).toContain('"HeaderName":"x-origin-verify"');
    expect(headers).toContain('{{resolve:secretsmanager:');
    expect(headers).toContain(':SecretString:current::}}');
    for (const fn of Object.values(s.whole.findResources('AWS::Lambda::Function'))) {
      const env = (fn as { Properties: { Environment?: { Variables?: Record<string, unknown> } } })
        .Properties.Environment?.Variables;
      if (env?.CLIENT_IP_HEADER === undefined) continue;
      expect(JSON.stringify(env.ORIGIN_SECRET_ARN)).toContain('OriginSecret');
    }
    expect(json).not.toContain('"ORIGIN_VERIFY"');
  });

  describe('distribution', () => {
    const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
    const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
    const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
    const behaviourSchema = z.object({
      ResponseHeadersPolicyId: z.unknown(),
      PathPattern: z.string(),
      CachePolicyId: z.unknown(),
      OriginRequestPolicyId: z.unknown().optional(),
      TargetOriginId: z.string(),
      Compress: z.boolean(),
      ViewerProtocolPolicy: z.string(),
      AllowedMethods: z.array(z.string()),
      FunctionAssociations: z.array(z.object({ EventType: z.string() })).optional(),
    });
    const config = () =>
      z
        .object({
          DistributionConfig: z.object({
            CacheBehaviors: z.array(behaviourSchema),
            DefaultCacheBehavior: behaviourSchema.omit({ PathPattern: true }),
            Origins: z.array(
              z.object({
                Id: z.string(),
                DomainName: z.unknown(),
                S3OriginConfig: z.unknown().optional(),
                OriginAccessControlId: z.unknown().optional(),
              }),
            ),
            Logging: z.unknown(),
          }),
        })
        .parse(resourcesOf(s.whole, 'AWS::CloudFront::Distribution')[0]?.props).DistributionConfig;
    const behaviour = (pattern: string) => {
      const found = config().CacheBehaviors.find((b) => b.PathPattern === pattern);
      if (!found) throw new Error(`no behaviour ${pattern}`);
      return found;
    };
    const originOf = (pattern: string) =>
      config().Origins.find((o) => o.Id === behaviour(pattern).TargetOriginId);
    /** The security headers of the response headers policy whose logical id starts with `prefix`. */
    const headersPolicy = (prefix: string) => {
      const found = resourcesOf(s.whole, 'AWS::CloudFront::ResponseHeadersPolicy').filter((p) =>
        p.id.startsWith(prefix),
      );
      expect(found, prefix).toHaveLength(1);
      return z
        .object({
          ResponseHeadersPolicyConfig: z.object({
            SecurityHeadersConfig: z.record(z.string(), z.record(z.string(), z.unknown())),
          }),
        })
        .parse(found[0]?.props).ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    };

    it('sends /api/* to the HTTP API uncached, forwarding query strings and Authorization', () => {
      const api = behaviour('/api/*');
      expect(api).toMatchObject({
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
        Compress: true,
        ViewerProtocolPolicy: 'redirect-to-https',
      });
      expect(api.AllowedMethods).toContain('POST');
      expect(api.FunctionAssociations?.map((f) => f.EventType)).toEqual([
        'viewer-request',
        'viewer-response',
      ]);
      expect(JSON.stringify(originOf('/api/*')?.DomainName)).toContain('execute-api');
    });

    it("gives the calls that read the viewer's country a policy naming CloudFront-Viewer-Country with the headers they read, uncached", () => {
      const policies = resourcesOf(s.whole, 'AWS::CloudFront::OriginRequestPolicy');
      expect(policies).toHaveLength(1);
      const policy = z
        .object({
          OriginRequestPolicyConfig: z.object({
            HeadersConfig: z.object({ HeaderBehavior: z.string(), Headers: z.array(z.string()) }),
            CookiesConfig: z.object({ CookieBehavior: z.string() }),
          }),
        })
        .parse(policies[0]?.props).OriginRequestPolicyConfig;
      expect(policy.HeadersConfig.HeaderBehavior).toBe('whitelist');
      expect(policy.HeadersConfig.Headers).toEqual(
        expect.arrayContaining([
          'cloudfront-viewer-country',
          'user-agent',
          'content-type',
          'true-client-ip',
          'dnt',
          'sec-gpc',
        ]),
      );
      expect(policy.HeadersConfig.Headers.length).toBeLessThanOrEqual(10);
      expect(policy.CookiesConfig.CookieBehavior).toBe('none');
      for (const pattern of ['/api/collect', '/api/user/post/increase-view', '/api/lead']) {
        expect(behaviour(pattern)).toMatchObject({
          CachePolicyId: CACHING_DISABLED,
          OriginRequestPolicyId: { Ref: expect.stringMatching(/ViewerFactsPolicy/) },
        });
        expect(behaviour(pattern).AllowedMethods).toContain('POST');
        expect(JSON.stringify(originOf(pattern)?.DomainName)).toContain('execute-api');
      }
    });

    it('lets public GETs honour the function Cache-Control (min TTL 0, query strings in the key); admin paths stay uncached', () => {
      for (const pattern of [
        '/api/user/post/list',
        '/api/health',
        '/api/extension-image/*',
        '/api/captcha/challenge',
      ]) {
        expect(behaviour(pattern).CachePolicyId).toEqual({
          Ref: expect.stringMatching(/^SiteApiPublicCache/),
        });
        expect(originOf(pattern)?.Id).toBe(originOf('/api/*')?.Id);
      }
      s.whole.hasResourceProperties('AWS::CloudFront::CachePolicy', {
        CachePolicyConfig: Match.objectLike({
          MinTTL: 0,
          DefaultTTL: 0,
          ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
            QueryStringsConfig: { QueryStringBehavior: 'all' },
            // An admin's list must reach the function with its token (and is answered private, no-store).
            HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
          }),
        }),
      });
      const patterns = config().CacheBehaviors.map((b) => b.PathPattern);
      expect(
        patterns.filter((p) => p.startsWith('/api/user/lead') || p === '/api/user/user-data'),
      ).toEqual([]);
      expect(patterns.indexOf('/api/user/post/list')).toBeLessThan(patterns.indexOf('/api/*'));
    });

    it('serves /media/* from the media bucket through OAC with a long cache, stripping the /media prefix', () => {
      const media = behaviour('/media/*');
      expect(media.CachePolicyId).toEqual({ Ref: expect.stringMatching(/^SiteMediaCache/) });
      expect(media.FunctionAssociations?.map((f) => f.EventType)).toEqual(['viewer-request']);
      expect(referencedIds(originOf('/media/*')?.DomainName)).toEqual(['MediaBucket4022EBBF']);
      expect(originOf('/media/*')?.OriginAccessControlId).toBeDefined();
      s.whole.hasResourceProperties('AWS::CloudFront::CachePolicy', {
        CachePolicyConfig: Match.objectLike({ DefaultTTL: 30 * 86400, MaxTTL: 365 * 86400 }),
      });
    });

    it('sends the blog, the career article, sitemap and RSS to the render handler, cached', () => {
      for (const pattern of [
        '/blog',
        '/blog/*',
        `/${SPECIAL_SLUGS.career}`,
        '/sitemap.xml',
        '/rss.xml',
      ]) {
        expect(behaviour(pattern).CachePolicyId, pattern).toEqual({
          Ref: expect.stringMatching(/^SitePagesCache/),
        });
        expect(originOf(pattern)?.Id).toBe(originOf('/api/*')?.Id);
      }
    });

    it('serves everything else from the site bucket through OAC with the site router on request and response', () => {
      const def = config().DefaultCacheBehavior;
      expect(def).toMatchObject({
        CachePolicyId: CACHING_OPTIMIZED,
        Compress: true,
        ViewerProtocolPolicy: 'redirect-to-https',
      });
      expect(def.FunctionAssociations?.map((f) => f.EventType)).toEqual([
        'viewer-request',
        'viewer-response',
      ]);
      const origin = config().Origins.find((o) => o.Id === def.TargetOriginId);
      expect(referencedIds(origin?.DomainName)).toEqual(['SiteBucket978D4AEB']);
      expect(origin?.OriginAccessControlId).toBeDefined();
      expect(config().Logging).toBeDefined();
    });

    it('generates the edge function from the site pages of the web build', () => {
      const fns = resourcesOf(s.whole, 'AWS::CloudFront::Function');
      expect(fns).toHaveLength(1);
      const code = String(fns[0]?.props.FunctionCode);
      const config = z
        .object({
          prerendered: z.array(z.string()),
          app: z.array(z.string()),
          notFoundKey: z.string(),
        })
        .parse(JSON.parse(/var CONFIG = (.*);/.exec(code)?.[1] ?? '{}'));
      expect(config).toMatchObject({
        prerendered: ['/', '/about', '/seo-company-in-chennai'],
        app: expect.arrayContaining(['/creative-login', '/admin', '/edit-blog/*']),
        notFoundKey: '/404/index.html',
      });
      expect(fns[0]?.props.FunctionConfig).toMatchObject({ Runtime: 'cloudfront-js-2.0' });
    });

    it('answers redirects from a KeyValueStore associated with the edge function, which only the redirect writers may write', () => {
      const [store] = resourcesOf(s.whole, 'AWS::CloudFront::KeyValueStore');
      if (!store) throw new Error('no KeyValueStore');
      const [fn] = resourcesOf(s.whole, 'AWS::CloudFront::Function');
      expect(fn?.props.FunctionConfig).toMatchObject({
        KeyValueStoreAssociations: [{ KeyValueStoreARN: { 'Fn::GetAtt': [store.id, 'Arn'] } }],
      });
      expect(String(fn?.props.FunctionCode)).toContain("import cf from 'cloudfront'");
      const writers = resourcesOf(s.whole, 'AWS::Lambda::Function')
        .filter((f) =>
          statementsOf(s.whole, f.id).some((st) => referencedIds(st.Resource).includes(store.id)),
        )
        .map((f) => f.id);
      const expected = operationNames
        .filter((name) => grantsOf(name).edgeStore)
        .map((name) => opFunction(name).id);
      // Every operation granted the store, and the post jobs that rename or revive a post, if any.
      expect(writers).toEqual(expect.arrayContaining(expected));
      for (const name of ['createRedirect', 'updatePost', 'restoreRevision'] as const)
        expect(expected).toContain(opFunction(name).id);
      for (const name of ['createLead', 'listPosts', 'listNotFound'] as const)
        expect(writers).not.toContain(opFunction(name).id);
      for (const id of writers) {
        const actions = statementsOf(s.whole, id)
          .filter((st) => referencedIds(st.Resource).includes(store.id))
          .flatMap((st) => st.actions);
        expect(
          actions.every((a) => a.startsWith('cloudfront-keyvaluestore:')),
          id,
        ).toBe(true);
        expect(envOf(id)).toMatchObject({
          REDIRECT_STORE_ARN: { 'Fn::GetAtt': [store.id, 'Arn'] },
        });
      }
      // They know the site's own pages, which no redirect may hide.
      expect(JSON.parse(String(envOf(opFunction('createRedirect').id).SITE_PAGE_PATHS))).toEqual(
        expect.arrayContaining(['/', '/about', '/blog/*', '/admin']),
      );
    });

    it('sends CSP without inline scripts, HSTS for two years with subdomains, nosniff and a referrer policy', () => {
      const policy = headersPolicy('SiteSecurityHeaders');
      const csp = String(policy.ContentSecurityPolicy?.ContentSecurityPolicy);
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(directive('base-uri')).toBe("base-uri 'none'");
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('worker-src')).toBe("worker-src 'self' blob:");
      expect(policy.StrictTransportSecurity).toMatchObject({
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
        Override: true,
      });
      expect(policy.ContentTypeOptions).toMatchObject({ Override: true });
      expect(policy.ReferrerPolicy).toMatchObject({
        ReferrerPolicy: 'strict-origin-when-cross-origin',
      });
      expect(directive('connect-src')).toBe("connect-src 'self'");
      // Image placeholders are data: URLs; every image is the site's own.
      expect(directive('img-src')).toBe("img-src 'self' data: blob:");
      // The fake build's app pages; /admin/leads is under /admin/*, as every admin screen.
      const admin = new Set(['/creative-login', '/admin', '/admin/*', '/edit-blog/*']);
      for (const b of config().CacheBehaviors)
        expect(referencedIds(b.ResponseHeadersPolicyId), b.PathPattern).toEqual([
          expect.stringMatching(
            admin.has(b.PathPattern) ? /^SiteAdminSecurityHeaders/ : /^SiteSecurityHeaders/,
          ),
        ]);
      expect(referencedIds(config().DefaultCacheBehavior.ResponseHeadersPolicyId)).toEqual([
        expect.stringMatching(/^SiteSecurityHeaders/),
      ]);
    });

    it("lets the admin pages, and only they, post upload forms to the media bucket's address", () => {
      const adminPolicy = headersPolicy('SiteAdminSecurityHeaders');
      const csp = JSON.stringify(adminPolicy.ContentSecurityPolicy?.ContentSecurityPolicy);
      // The origin of the URL the SDK's presigned POST names: https://<bucket>.s3.<region>.<suffix>.
      expect(csp).toContain(
        `connect-src 'self' https://",{"Ref":"MediaBucket4022EBBF"},".s3.eu-west-1.",{"Ref":"AWS::URLSuffix"}`,
      );
      // Everything else is the site's policy.
      const site = headersPolicy('SiteSecurityHeaders');
      expect({ ...adminPolicy, ContentSecurityPolicy: undefined }).toEqual({
        ...site,
        ContentSecurityPolicy: undefined,
      });
      for (const pattern of ['/creative-login', '/admin', '/edit-blog/*'])
        expect(behaviour(pattern)).toMatchObject({
          TargetOriginId: config().DefaultCacheBehavior.TargetOriginId,
        });
    });

    it('uploads the build: hashed assets immutable, the site’s own pictures an hour, everything else revalidated and served stale in an outage, then invalidates', () => {
      const deployments = resourcesOf(s.whole, 'Custom::CDKBucketDeployment');
      const assets = deployments.find((d) => d.props.DestinationBucketKeyPrefix === 'assets/');
      const pages = deployments.find((d) => d.props.DestinationBucketKeyPrefix === undefined);
      expect(assets?.props).toMatchObject({
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
        Prune: false,
      });
      // The site's own pictures keep their names from build to build: an hour, then revalidated.
      const images = deployments.find((d) => d.props.DestinationBucketKeyPrefix === 'assets/img/');
      expect(images?.props).toMatchObject({
        SystemMetadata: { 'cache-control': 'public, max-age=3600, must-revalidate' },
        Prune: false,
      });
      expect(pages?.props).toMatchObject({
        SystemMetadata: {
          'cache-control': 'public, max-age=0, stale-while-revalidate=60, stale-if-error=86400',
        },
        DistributionPaths: ['/*'],
        // Nothing pruned: the bucket also holds the pages published at runtime.
        Prune: false,
      });
      // The table's pages (every prerendered page and the not-found page) are the seed-pages
      // job's to render: the upload neither writes nor deletes them. The speculation rules have a
      // deployment of their own, which sets their media type.
      expect(pages?.props.Exclude).toEqual([
        'assets/*',
        'index.html',
        'about/index.html',
        'seo-company-in-chennai/index.html',
        '404/index.html',
        'speculation-rules.json',
      ]);
      expect(referencedIds(pages?.props.DistributionId)).toEqual(['SiteDistribution390DED28']);
    });
  });
});
