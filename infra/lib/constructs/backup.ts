import { triggerFunction } from '@agency/lambdas/functions';
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { acknowledge, nagEnvOf } from '../nag';
import { AgencyFunction } from './agency-function';

const CHECK_RESTORE = triggerFunction('check-restore');

/** Days a daily recovery point is kept (the bucket's recovery point objective is a day, its history five weeks). */
export const BACKUP_RETENTION_DAYS = 35;

/** When the daily backup starts (UTC): after the day's editing, before the working day. */
export const BACKUP_SCHEDULE = 'cron(0 3 * * ? *)';

/** When AWS Backup restores the latest recovery points to prove they restore (Sundays, UTC). */
export const RESTORE_TEST_SCHEDULE = 'cron(0 6 ? * SUN *)';

/** Hours a test restore is kept for its check before AWS Backup deletes it (the check takes seconds). */
export const RESTORE_TEST_VALIDATION_HOURS = 4;

/** AWS Backup's own prefix of every resource a restore test creates (its tables and buckets). */
export const RESTORE_TEST_PREFIX = 'awsbackup-restore-test-';

/** Titles of the alarms, after the stage's stack name (as Monitoring names its alarms). */
export const RESTORE_FAILED_ALARM = 'restore failed';
export const BACKUP_FAILED_ALARM = 'backup failed';

export interface BackupProps {
  stackName: string;
  /** Tables to back up (the caller leaves out those that must not outlive 48 hours). */
  tables: readonly dynamodb.ITable[];
  /** The media bucket (versioned, as AWS Backup for S3 requires). */
  bucket: s3.IBucket;
  /**
   * A region each recovery point is copied to, into a vault of the same name there (created once
   * by hand: `aws backup create-backup-vault --backup-vault-name <vaultName> --region <region>`).
   */
  copyRegion?: string;
  logRetentionDays: number;
}

/**
 * The stage's backups: AWS Backup's daily plan of the tables and the media bucket (kept
 * BACKUP_RETENTION_DAYS days, optionally copied to another region), a weekly restore test of the
 * latest recovery points whose every restore `check-restore` looks at and judges, and alarms when
 * a backup, a restore or a check fails: a backup nobody has restored is a hope, not a backup.
 */
export class Backup extends Construct {
  readonly vault: backup.BackupVault;
  readonly plan: backup.BackupPlan;
  /** The role AWS Backup backs up and restores with (the plan's selection and the restore tests). */
  readonly role: iam.Role;
  readonly restoreTestPlan: backup.CfnRestoreTestingPlan;
  /** The restore check (lambdas/src/modules/system/workers/check-restore.ts). */
  readonly checkFunction: AgencyFunction;
  /** Failed restore jobs and checks, and failed backup and copy jobs (alarmTo), as metrics. */
  readonly restoreFailures: cloudwatch.IMetric;
  readonly backupFailures: cloudwatch.IMetric;
  private readonly stackName: string;

  constructor(scope: Construct, id: string, props: BackupProps) {
    super(scope, id);
    this.stackName = props.stackName;
    const stack = Stack.of(this);
    const vaultName = `${props.stackName}-backups`;
    // AWS Backup's default key (aws/backup): the recovery points are readable by this account's
    // backup role only, and no key of ours has to outlive the stack.
    this.vault = new backup.BackupVault(this, 'Vault', {
      backupVaultName: vaultName,
      // The recovery points outlive the stack: deleting the stack must not delete its backups.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const copyVault = props.copyRegion
      ? backup.BackupVault.fromBackupVaultArn(
          this,
          'CopyVault',
          stack.formatArn({
            service: 'backup',
            region: props.copyRegion,
            resource: 'backup-vault',
            resourceName: vaultName,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        )
      : undefined;

    const retention = Duration.days(BACKUP_RETENTION_DAYS);
    this.plan = new backup.BackupPlan(this, 'Plan', {
      backupPlanName: `${props.stackName}-daily`,
      backupVault: this.vault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: events.Schedule.expression(BACKUP_SCHEDULE),
          startWindow: Duration.hours(1),
          completionWindow: Duration.hours(8),
          deleteAfter: retention,
          ...(copyVault
            ? { copyActions: [{ destinationBackupVault: copyVault, deleteAfter: retention }] }
            : {}),
        }),
      ],
    });

    // One role for the backups, the restores and the restore tests: the managed policies AWS
    // documents for DynamoDB (the service-role pair) and for S3, which has its own pair.
    const managed = [
      'service-role/AWSBackupServiceRolePolicyForBackup',
      'service-role/AWSBackupServiceRolePolicyForRestores',
      'AWSBackupServiceRolePolicyForS3Backup',
      'AWSBackupServiceRolePolicyForS3Restore',
    ];
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('backup.amazonaws.com'),
      description: `AWS Backup's role for the backups, restores and restore tests of ${props.stackName}.`,
      managedPolicies: managed.map((name) => iam.ManagedPolicy.fromAwsManagedPolicyName(name)),
    });
    for (const name of managed)
      acknowledge(
        this.role,
        `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`,
        'AWS Backup documents this managed policy as what its role needs to back up or restore DynamoDB and S3; it follows the service as the service changes.',
      );
    this.plan.addSelection('Data', {
      role: this.role,
      resources: [
        ...props.tables.map((table) => backup.BackupResource.fromDynamoDbTable(table)),
        backup.BackupResource.fromArn(props.bucket.bucketArn),
      ],
    });

    // Restore-testing names take letters, digits and underscores only.
    const testPlanName = `${props.stackName.replace(/[^A-Za-z0-9]/g, '_')}_restore_test`;
    this.restoreTestPlan = new backup.CfnRestoreTestingPlan(this, 'RestoreTestPlan', {
      restoreTestingPlanName: testPlanName,
      scheduleExpression: RESTORE_TEST_SCHEDULE,
      startWindowHours: 4,
      recoveryPointSelection: {
        algorithm: 'LATEST_WITHIN_WINDOW',
        includeVaults: [this.vault.backupVaultArn],
        recoveryPointTypes: ['SNAPSHOT'],
        selectionWindowDays: 7,
      },
    });
    const selections = [
      { id: 'Tables', type: 'DynamoDB', arns: props.tables.map((table) => table.tableArn) },
      { id: 'Media', type: 'S3', arns: [props.bucket.bucketArn] },
    ];
    for (const { id: name, type, arns } of selections) {
      const selection = new backup.CfnRestoreTestingSelection(this, `RestoreTest${name}`, {
        restoreTestingPlanName: testPlanName,
        restoreTestingSelectionName: name.toLowerCase(),
        protectedResourceType: type,
        protectedResourceArns: arns,
        iamRoleArn: this.role.roleArn,
        validationWindowHours: RESTORE_TEST_VALIDATION_HOURS,
      });
      selection.addDependency(this.restoreTestPlan);
    }

    this.checkFunction = this.restoreCheck(props, this.restoreTestPlan.attrRestoreTestingPlanArn);
    const backupMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Backup',
        metricName,
        dimensionsMap: { BackupVaultName: vaultName },
        statistic: 'Sum',
        period: Duration.hours(1),
      });
    const failedChecks = new logs.MetricFilter(this, 'FailedChecks', {
      logGroup: this.checkFunction.logs,
      // check-restore logs each verdict with its `verdict` field.
      filterPattern: logs.FilterPattern.stringValue('$.verdict', '=', 'FAILED'),
      metricNamespace: `Agency/${props.stackName}/Backup`,
      metricName: 'RestoreChecksFailed',
      metricValue: '1',
    });
    this.restoreFailures = new cloudwatch.MathExpression({
      // SUM of the three: one failure of any kind is enough, and an hour without any is quiet.
      expression: 'SUM([restores, checks, errors])',
      usingMetrics: {
        restores: backupMetric('NumberOfRestoreJobsFailed'),
        checks: failedChecks.metric({ statistic: 'Sum', period: Duration.hours(1) }),
        errors: this.checkFunction.metricErrors({ statistic: 'Sum', period: Duration.hours(1) }),
      },
      period: Duration.hours(1),
      label: 'Failed restores, checks and check errors',
    });
    this.backupFailures = new cloudwatch.MathExpression({
      expression: 'SUM([backups, copies])',
      usingMetrics: {
        backups: backupMetric('NumberOfBackupJobsFailed'),
        copies: backupMetric('NumberOfCopyJobsFailed'),
      },
      period: Duration.hours(1),
      label: 'Failed backup and copy jobs',
    });
  }

  /**
   * The alarms of the backups, to the stage's alarm topic (which the stage's monitoring makes once
   * it knows every function, this one's check among them), in ALARM and back to OK.
   */
  alarmTo(topic: sns.ITopic): { restoreFailed: cloudwatch.Alarm; backupFailed: cloudwatch.Alarm } {
    const alarm = (id: string, title: string, description: string, metric: cloudwatch.IMetric) => {
      const made = new cloudwatch.Alarm(this, id, {
        alarmName: `${this.stackName} ${title}`,
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      made.addAlarmAction(new actions.SnsAction(topic));
      made.addOkAction(new actions.SnsAction(topic));
      return made;
    };
    return {
      restoreFailed: alarm(
        'RestoreFailedAlarm',
        RESTORE_FAILED_ALARM,
        "A restore of the stage's backups failed, its check found the restored table or bucket unusable, or the check itself failed. In AWS Backup, Jobs, Restore jobs: the job's status and validation message name the resource and why; README, Backups and restore, says what to do.",
        this.restoreFailures,
      ),
      backupFailed: alarm(
        'BackupFailedAlarm',
        BACKUP_FAILED_ALARM,
        "A daily backup (or its copy to the second region) of the stage's tables or media bucket failed: that day has no recovery point. In AWS Backup, Jobs: the failed job's message says why; the next day's backup runs by itself.",
        this.backupFailures,
      ),
    };
  }

  /**
   * The restore check and the EventBridge rule that runs it on each COMPLETED restore of the
   * restore testing plan. It may read only what a restore test creates (RESTORE_TEST_PREFIX) and
   * report a validation result.
   */
  private restoreCheck(props: BackupProps, testPlanArn: string): AgencyFunction {
    const fn = new AgencyFunction(this, 'CheckFunction', {
      bundle: CHECK_RESTORE.name,
      description:
        "Checks each test restore of the stage's backups (a table ACTIVE with items, a bucket with objects) and reports the verdict to AWS Backup.",
      logRetentionDays: props.logRetentionDays,
      // Its log is the record of the restore tests: kept as long as the backups are.
      removalPolicy: RemovalPolicy.RETAIN,
      timeout: Duration.seconds(60),
      environment: { LOG_LEVEL: 'info' },
    });
    const stack = Stack.of(this);
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:DescribeTable', 'dynamodb:Scan'],
        resources: [
          stack.formatArn({
            service: 'dynamodb',
            resource: 'table',
            resourceName: `${RESTORE_TEST_PREFIX}*`,
            arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
          }),
        ],
      }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [`arn:${stack.partition}:s3:::${RESTORE_TEST_PREFIX}*`],
      }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['backup:PutRestoreValidationResult'],
        resources: ['*'],
      }),
    );
    if (fn.role) {
      const { partition, region, account } = nagEnvOf(this);
      const reasons = [
        [
          'Resource::*',
          'backup:PutRestoreValidationResult names a restore job by its id only, which the event brings; the check can write a verdict, nothing else of AWS Backup.',
        ],
        [
          `Resource::arn:${partition}:dynamodb:${region}:${account}:table/${RESTORE_TEST_PREFIX}*`,
          'AWS Backup names each restored table itself, under its restore-test prefix: the check may describe and count only those tables, never the live ones.',
        ],
        [
          `Resource::arn:${partition}:s3:::${RESTORE_TEST_PREFIX}*`,
          'AWS Backup names each restored bucket itself, under its restore-test prefix: the check may list only those buckets, never the live ones.',
        ],
      ] as const;
      for (const [finding, reason] of reasons)
        acknowledge(fn.role, `AwsSolutions-IAM5[${finding}]`, reason);
    }
    new events.Rule(this, 'RestoreCompleted', {
      description: `Runs the restore check on each completed test restore of ${props.stackName}'s backups.`,
      eventPattern: {
        source: ['aws.backup'],
        detailType: ['Restore Job State Change'],
        detail: { status: ['COMPLETED'], restoreTestingPlanArn: [testPlanArn] },
      },
      targets: [new targets.LambdaFunction(fn, { retryAttempts: 2 })],
    });
    return fn;
  }
}
