import { beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '@agency/lambdas/tables';
import {
  BACKUP_RETENTION_DAYS,
  BACKUP_SCHEDULE,
  RESTORE_TEST_PREFIX,
  RESTORE_TEST_SCHEDULE,
} from '../lib/constructs/backup';
import { TABLE_IDS } from '../lib/constructs/data';
import { SITE_OLD_VERSION_DAYS } from '../lib/constructs/site';
import { TABLE_NAMES } from '../lib/grants';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { functionByDescription, referencedIds, resourcesOf, statementsOf } from './template';

/**
 * Issue 36's backups, read from synthesised stages: prod's daily AWS Backup plan of every table
 * worth restoring and the media bucket, its weekly restore test with the restore check, the alarms,
 * the versioned site bucket, and the admin's app client without OAuth; dev backs nothing up.
 */
let prod: Synthesized;
let copied: Synthesized;
let dev: Synthesized;
beforeAll(() => {
  prod = synthStage('prod');
  copied = synthStage('prod', { more: { backupCopyRegion: 'eu-central-1' } });
  dev = synthStage('dev');
}, SYNTH_TIMEOUT_MS * 3);

const tableIdOf = (s: Synthesized, name: (typeof TABLE_NAMES)[number]): string => {
  const table = resourcesOf(s.whole, 'AWS::DynamoDB::Table').find((t) =>
    t.id.startsWith(`Data${TABLE_IDS[name]}`),
  );
  if (!table) throw new Error(`no ${name} table`);
  return table.id;
};
const mediaBucketId = (s: Synthesized): string => {
  const bucket = resourcesOf(s.whole, 'AWS::S3::Bucket').find((b) =>
    b.id.startsWith('MediaBucket'),
  );
  if (!bucket) throw new Error('no media bucket');
  return bucket.id;
};
/** Every table but those whose spec says `backup: false`. */
const backedUp = TABLE_NAMES.filter((name) => {
  const spec = TABLES[name];
  return !('backup' in spec && spec.backup === false);
});
type Rule = { ScheduleExpression: string; Lifecycle: unknown; CopyActions?: unknown[] };
const rulesOf = (s: Synthesized): Rule[] => {
  const plans = resourcesOf(s.whole, 'AWS::Backup::BackupPlan');
  expect(plans).toHaveLength(1);
  return (plans[0]?.props.BackupPlan as { BackupPlanRule: Rule[] }).BackupPlanRule;
};

describe('the backup plan (prod)', () => {
  it('backs up daily into the stage vault and keeps each recovery point 35 days', () => {
    const rules = rulesOf(prod);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      ScheduleExpression: BACKUP_SCHEDULE,
      Lifecycle: { DeleteAfterDays: BACKUP_RETENTION_DAYS },
    });
    expect(BACKUP_RETENTION_DAYS).toBe(35);
    expect(rules[0]?.CopyActions ?? []).toEqual([]);
    const vaults = resourcesOf(prod.whole, 'AWS::Backup::BackupVault');
    expect(vaults).toHaveLength(1);
    expect(vaults[0]?.props.BackupVaultName).toBe('AgencySite-prod-backups');
    // The recovery points outlive the stack.
    expect(vaults[0]?.raw.DeletionPolicy).toBe('Retain');
  });

  it('copies each recovery point to backupCopyRegion, kept as long, only when it is set', () => {
    const [rule] = rulesOf(copied);
    expect(rule?.CopyActions).toEqual([
      {
        DestinationBackupVaultArn:
          'arn:aws:backup:eu-central-1:123456789012:backup-vault:AgencySite-prod-backups',
        Lifecycle: { DeleteAfterDays: BACKUP_RETENTION_DAYS },
      },
    ]);
  });

  it('selects every table worth restoring and the media bucket, nothing else', () => {
    const selections = resourcesOf(prod.whole, 'AWS::Backup::BackupSelection');
    expect(selections).toHaveLength(1);
    const selection = selections[0]?.props.BackupSelection as { Resources: unknown[] };
    const ids = selection.Resources.map((r) => referencedIds(r));
    expect(ids.flat().sort()).toEqual(
      [...backedUp.map((name) => tableIdOf(prod, name)), mediaBucketId(prod)].sort(),
    );
    // The visitors' daily hashes must be gone within 48 hours: never in a backup.
    expect(backedUp).not.toContain('visitors');
    expect(ids.flat()).not.toContain(tableIdOf(prod, 'visitors'));
  });

  it('backs up and restores with the role AWS documents for DynamoDB and S3', () => {
    const selection = resourcesOf(prod.whole, 'AWS::Backup::BackupSelection')[0];
    const roleId = referencedIds(
      (selection?.props.BackupSelection as { IamRoleArn: unknown }).IamRoleArn,
    )[0];
    const role = resourcesOf(prod.whole, 'AWS::IAM::Role').find((r) => r.id === roleId);
    expect(JSON.stringify(role?.props.AssumeRolePolicyDocument)).toContain('backup.amazonaws.com');
    // Each once: the selection adds none of its own beside them.
    expect(role?.props.ManagedPolicyArns).toHaveLength(4);
    const policies = JSON.stringify(role?.props.ManagedPolicyArns);
    for (const name of [
      'service-role/AWSBackupServiceRolePolicyForBackup',
      'service-role/AWSBackupServiceRolePolicyForRestores',
      ':iam::aws:policy/AWSBackupServiceRolePolicyForS3Backup',
      ':iam::aws:policy/AWSBackupServiceRolePolicyForS3Restore',
    ])
      expect(policies).toContain(name);
  });

  it('needs the media bucket versioned, as AWS Backup for S3 does', () => {
    const media = resourcesOf(prod.whole, 'AWS::S3::Bucket').find(
      (b) => b.id === mediaBucketId(prod),
    );
    expect(media?.props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
  });
});

describe('the restore test (prod)', () => {
  it('restores the latest recovery points weekly', () => {
    const plans = resourcesOf(prod.whole, 'AWS::Backup::RestoreTestingPlan');
    expect(plans).toHaveLength(1);
    expect(plans[0]?.props).toMatchObject({
      RestoreTestingPlanName: 'AgencySite_prod_restore_test',
      ScheduleExpression: RESTORE_TEST_SCHEDULE,
      RecoveryPointSelection: {
        Algorithm: 'LATEST_WITHIN_WINDOW',
        RecoveryPointTypes: ['SNAPSHOT'],
      },
    });
    const vaultId = resourcesOf(prod.whole, 'AWS::Backup::BackupVault')[0]?.id;
    expect(
      referencedIds(
        (plans[0]?.props.RecoveryPointSelection as { IncludeVaults: unknown }).IncludeVaults,
      ),
    ).toEqual([vaultId]);
  });

  it('tests every backed-up table and the media bucket, deleting each restore after its check', () => {
    const selections = resourcesOf(prod.whole, 'AWS::Backup::RestoreTestingSelection');
    const byType = Object.fromEntries(
      selections.map((s) => [s.props.ProtectedResourceType, s.props]),
    );
    expect(Object.keys(byType).sort()).toEqual(['DynamoDB', 'S3']);
    expect(referencedIds(byType.DynamoDB?.ProtectedResourceArns).sort()).toEqual(
      backedUp.map((name) => tableIdOf(prod, name)).sort(),
    );
    expect(referencedIds(byType.S3?.ProtectedResourceArns)).toEqual([mediaBucketId(prod)]);
    for (const s of selections) {
      expect(s.props.RestoreTestingPlanName).toBe('AgencySite_prod_restore_test');
      expect(s.props.ValidationWindowHours).toBeGreaterThan(0);
    }
  });

  it("runs the restore check on the plan's completed restores only", () => {
    const check = functionByDescription(prod.whole, 'Checks each test restore');
    const rules = resourcesOf(prod.whole, 'AWS::Events::Rule').filter((r) =>
      referencedIds(r.props.Targets).includes(check.id),
    );
    expect(rules).toHaveLength(1);
    const pattern = rules[0]?.props.EventPattern as {
      source: string[];
      'detail-type': string[];
      detail: { status: string[]; restoreTestingPlanArn: unknown[] };
    };
    expect(pattern.source).toEqual(['aws.backup']);
    expect(pattern['detail-type']).toEqual(['Restore Job State Change']);
    expect(pattern.detail.status).toEqual(['COMPLETED']);
    const planId = resourcesOf(prod.whole, 'AWS::Backup::RestoreTestingPlan')[0]?.id;
    expect(referencedIds(pattern.detail.restoreTestingPlanArn)).toEqual([planId]);
  });

  it('lets the check read only what a restore test created, and write a verdict', () => {
    const check = functionByDescription(prod.whole, 'Checks each test restore');
    const granted = statementsOf(prod.whole, check.id).filter(
      (st) => !st.actions.every((a) => a.startsWith('logs:')),
    );
    const byAction = (action: string) => granted.filter((st) => st.actions.includes(action));
    expect(granted.flatMap((st) => st.actions).sort()).toEqual(
      [
        'backup:PutRestoreValidationResult',
        'dynamodb:DescribeTable',
        'dynamodb:Scan',
        's3:ListBucket',
      ].sort(),
    );
    const dynamo = JSON.stringify(byAction('dynamodb:Scan')[0]?.Resource);
    expect(dynamo).toContain(`:table/${RESTORE_TEST_PREFIX}*`);
    expect(JSON.stringify(byAction('s3:ListBucket')[0]?.Resource)).toContain(
      `:s3:::${RESTORE_TEST_PREFIX}*`,
    );
    // No live table or bucket: nothing the check may read names one.
    for (const st of granted) expect(referencedIds(st.Resource)).toEqual([]);
  });

  it('alarms to the stage topic on a failed restore, a failed check or a check that broke', () => {
    const alarms = resourcesOf(prod.whole, 'AWS::CloudWatch::Alarm');
    const restore = alarms.find((a) => a.props.AlarmName === 'AgencySite-prod restore failed');
    const metrics = JSON.stringify(restore?.props.Metrics);
    expect(metrics).toContain('NumberOfRestoreJobsFailed');
    expect(metrics).toContain('AWS/Backup');
    expect(metrics).toContain('RestoreChecksFailed');
    expect(metrics).toContain('"Errors"');
    const backup = alarms.find((a) => a.props.AlarmName === 'AgencySite-prod backup failed');
    expect(JSON.stringify(backup?.props.Metrics)).toContain('NumberOfBackupJobsFailed');
    const topic = resourcesOf(prod.whole, 'AWS::SNS::Topic').find((t) =>
      String(t.props.DisplayName ?? t.id).match(/alarm/i),
    );
    for (const alarm of [restore, backup]) {
      expect(alarm?.props.TreatMissingData).toBe('notBreaching');
      if (topic) expect(referencedIds(alarm?.props.AlarmActions)).toEqual([topic.id]);
      else expect(referencedIds(alarm?.props.AlarmActions)).toHaveLength(1);
    }
    // The check's FAILED verdicts are what RestoreChecksFailed counts.
    const filters = resourcesOf(prod.whole, 'AWS::Logs::MetricFilter').filter((f) =>
      JSON.stringify(f.props.MetricTransformations).includes('RestoreChecksFailed'),
    );
    expect(filters).toHaveLength(1);
    expect(filters[0]?.props.FilterPattern).toBe('{ $.verdict = "FAILED" }');
  });
});

describe('dev', () => {
  it('backs nothing up and ships no restore check: its data is disposable', () => {
    for (const type of [
      'AWS::Backup::BackupPlan',
      'AWS::Backup::BackupVault',
      'AWS::Backup::RestoreTestingPlan',
    ])
      expect(resourcesOf(dev.whole, type), type).toEqual([]);
    expect(() => functionByDescription(dev.whole, 'Checks each test restore')).toThrow();
  });
});

describe('the site bucket', () => {
  it('keeps overwritten and deleted files as versions for 30 days, in both stages', () => {
    for (const s of [prod, dev]) {
      const site = resourcesOf(s.whole, 'AWS::S3::Bucket').find((b) =>
        b.id.startsWith('SiteBucket'),
      );
      expect(site?.props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(site?.props.LifecycleConfiguration).toEqual({
        Rules: [
          {
            Id: 'ExpireOldVersions',
            Status: 'Enabled',
            NoncurrentVersionExpiration: { NoncurrentDays: SITE_OLD_VERSION_DAYS },
            ExpiredObjectDeleteMarker: true,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          },
        ],
      });
    }
  });
});

describe("the admin's app client", () => {
  it('allows USER_PASSWORD_AUTH and refresh only: no OAuth flow, scope or callback', () => {
    for (const s of [prod, dev]) {
      const [client, ...others] = resourcesOf(s.whole, 'AWS::Cognito::UserPoolClient');
      expect(others).toEqual([]);
      expect(client?.props.ExplicitAuthFlows).toEqual([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]);
      for (const key of ['AllowedOAuthFlows', 'AllowedOAuthScopes', 'CallbackURLs', 'LogoutURLs'])
        expect(client?.props, key).not.toHaveProperty(key);
      expect(client?.props.AllowedOAuthFlowsUserPoolClient).not.toBe(true);
      // Sign-in is the pool's own, through the login function; no federated provider.
      expect(client?.props.SupportedIdentityProviders).toEqual(['COGNITO']);
    }
  });
});
