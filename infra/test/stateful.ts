import type { Template } from 'aws-cdk-lib/assertions';
import type { Stage } from '../lib/config';
import * as z from 'zod';
import { resourcesOf } from './template';

/**
 * The resources that hold data, by type and logical id. A new logical id makes CloudFormation create
 * a fresh resource and delete (or orphan) the old one with its data, so these ids are pinned.
 */
export const STATEFUL_IDS: Record<string, string[]> = {
  'AWS::DynamoDB::Table': [
    'DataAnalyticsTable07AB382F',
    'DataAuditTableD7A94F1A',
    'DataContentTableA5F17BFC',
    'DataLeadsTable8F7912AF',
    'DataStatsTable3C7E7F9F',
    'DataTeamTableDF2938A2',
    'DataViewsTableE11D1A0A',
    'DataVisitorsTable74DC5409',
  ],
  'AWS::S3::Bucket': ['AccessLogsBucketCD784A59', 'MediaBucket4022EBBF', 'SiteBucket978D4AEB'],
  'AWS::Cognito::UserPool': ['AuthUserPool8115E87F'],
  // The origin secret holds no data, but a new id means a new value: pinned so that happens only on purpose.
  'AWS::SecretsManager::Secret': ['ApiCaptchaKey2895B6A1', 'ApiOriginSecretBC5DA8DF'],
};

/**
 * The global secondary indexes of each table as the last release deployed them. CloudFormation
 * adds or removes at most one GSI of a table per stack update (a new table may start with several),
 * so a release may add one per table; once it is deployed, its additions move here.
 */
export const DEPLOYED_INDEXES: Record<string, string[]> = {
  DataContentTableA5F17BFC: ['byDate', 'unpublished'],
  DataLeadsTable8F7912AF: ['byDate', 'pending'],
  DataViewsTableE11D1A0A: [],
  // New with the staff accounts (issue 15): a table is created with all its indexes at once, so
  // these are what the first deploy makes; a later release may add one more per table.
  DataTeamTableDF2938A2: [],
  DataAuditTableD7A94F1A: ['byActor', 'byAction'],
  // New with analytics (issue 35), created without indexes.
  DataAnalyticsTable07AB382F: [],
  DataVisitorsTable74DC5409: [],
};

/** Per deployed table, the indexes the template adds or removes (`-name`); tables with none left out. */
export function newIndexes(template: Template): Record<string, string[]> {
  const changes = resourcesOf(template, 'AWS::DynamoDB::Table').flatMap((table) => {
    const deployed = DEPLOYED_INDEXES[table.id];
    if (!deployed) return [];
    const names = z
      .array(z.object({ IndexName: z.string() }))
      .parse(table.props.GlobalSecondaryIndexes ?? [])
      .map((i) => i.IndexName);
    const changed = [
      ...names.filter((n) => !deployed.includes(n)),
      ...deployed.filter((n) => !names.includes(n)).map((n) => `-${n}`),
    ];
    return changed.length ? [[table.id, changed] as const] : [];
  });
  return Object.fromEntries(changes);
}

/**
 * Properties whose update CloudFormation performs by replacing the resource ("Update requires:
 * Replacement" in the resource reference), so a change to one loses the data as surely as a new id.
 */
const REPLACED_BY: Record<string, string[]> = {
  'AWS::DynamoDB::Table': ['TableName', 'KeySchema', 'LocalSecondaryIndexes'],
  'AWS::S3::Bucket': ['BucketName'],
  'AWS::Cognito::UserPool': ['UsernameAttributes', 'AliasAttributes'],
  'AWS::SecretsManager::Secret': ['Name'],
};

const keys = (...names: string[]) =>
  names.map((name, i) => ({ AttributeName: name, KeyType: i === 0 ? 'HASH' : 'RANGE' }));

/** What the replacing properties of each stateful resource are in the deployed stacks. */
export function expectedReplacingProperties(stage: Stage): Record<string, Record<string, unknown>> {
  return {
    DataContentTableA5F17BFC: { KeySchema: keys('pk', 'sk') },
    DataLeadsTable8F7912AF: { KeySchema: keys('pk', 'sk') },
    DataViewsTableE11D1A0A: { KeySchema: keys('postId') },
    DataStatsTable3C7E7F9F: { KeySchema: keys('pk', 'sk') },
    DataTeamTableDF2938A2: { KeySchema: keys('pk', 'sk') },
    DataAuditTableD7A94F1A: { KeySchema: keys('pk', 'sk') },
    DataAnalyticsTable07AB382F: { KeySchema: keys('pk', 'sk') },
    DataVisitorsTable74DC5409: { KeySchema: keys('pk', 'sk') },
    AccessLogsBucketCD784A59: {},
    MediaBucket4022EBBF: {},
    SiteBucket978D4AEB: {},
    AuthUserPool8115E87F: { UsernameAttributes: ['email'] },
    ApiCaptchaKey2895B6A1: { Name: `AgencySite-${stage}/captcha-hmac-key` },
    ApiOriginSecretBC5DA8DF: {},
  };
}

/** Logical ids of the template's resources of each stateful type, sorted. */
export function statefulIds(template: Template): Record<string, string[]> {
  return Object.fromEntries(
    Object.keys(STATEFUL_IDS).map((type) => [
      type,
      resourcesOf(template, type)
        .map((r) => r.id)
        .sort(),
    ]),
  );
}

/** The replacing properties each stateful resource has in the template (absent ones left out). */
export function replacingProperties(template: Template): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(REPLACED_BY).flatMap(([type, names]) =>
      resourcesOf(template, type).map((r) => [
        r.id,
        Object.fromEntries(
          names.filter((name) => r.props[name] !== undefined).map((name) => [name, r.props[name]]),
        ),
      ]),
    ),
  );
}
