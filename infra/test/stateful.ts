import type { Template } from 'aws-cdk-lib/assertions';
import type { Stage } from '../lib/config';
import { resourcesOf } from './template';

/**
 * The resources that hold data, by type and logical id. A new logical id makes CloudFormation create
 * a fresh resource and delete (or orphan) the old one with its data, so these ids are pinned.
 */
export const STATEFUL_IDS: Record<string, string[]> = {
  'AWS::DynamoDB::Table': [
    'DataContentTableA5F17BFC',
    'DataLeadsTable8F7912AF',
    'DataViewsTableE11D1A0A',
  ],
  'AWS::S3::Bucket': ['AccessLogsBucketCD784A59', 'MediaBucket4022EBBF', 'SiteBucket978D4AEB'],
  'AWS::Cognito::UserPool': ['AuthUserPool8115E87F'],
  'AWS::SecretsManager::Secret': ['ApiCaptchaKey2895B6A1'],
};

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
    AccessLogsBucketCD784A59: {},
    MediaBucket4022EBBF: {},
    SiteBucket978D4AEB: {},
    AuthUserPool8115E87F: { UsernameAttributes: ['email'] },
    ApiCaptchaKey2895B6A1: { Name: `AgencySite-${stage}/captcha-hmac-key` },
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
