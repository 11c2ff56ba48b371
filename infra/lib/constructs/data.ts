import { TABLES, type TableName } from '@agency/lambdas/tables';
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_NAMES } from '../grants';
import { acknowledge } from '../nag';

export interface DataProps {
  /** Retain the tables and turn on deletion protection (prod). */
  protectData: boolean;
}

interface TableSpec {
  partitionKey: string;
  partitionKeyType?: 'S' | 'N';
  sortKey?: string;
  expiresAt?: string;
  /** false: nothing worth restoring and nothing that may be kept (analytics' visitor hashes): no point-in-time recovery. */
  backup?: boolean;
  indexes: Readonly<Record<string, { name: string; partitionKey: string; sortKey?: string }>>;
}

/** Construct ids of the tables: pinned by a test, since changing one replaces a table and its data. */
export const TABLE_IDS: Record<TableName, string> = {
  content: 'ContentTable',
  leads: 'LeadsTable',
  views: 'ViewsTable',
  stats: 'StatsTable',
  team: 'TeamTable',
  audit: 'AuditTable',
  analytics: 'AnalyticsTable',
  visitors: 'VisitorsTable',
};

/**
 * The DynamoDB tables (content, leads, views, stats, and the staff accounts' team and audit tables)
 * exactly as `TABLES` defines their keys, indexes and time-to-live.
 */
export class Data extends Construct {
  readonly tables: Record<TableName, dynamodb.Table>;
  /** The tables worth restoring (all but those whose spec says `backup: false`): AWS Backup's too. */
  readonly backedUp: dynamodb.Table[];

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const make = (name: TableName): dynamodb.Table =>
      this.table(TABLE_IDS[name], TABLES[name], props);
    this.tables = {
      content: make('content'),
      leads: make('leads'),
      views: make('views'),
      stats: make('stats'),
      team: make('team'),
      audit: make('audit'),
      analytics: make('analytics'),
      visitors: make('visitors'),
    };
    const spec = (name: TableName): TableSpec => TABLES[name];
    this.backedUp = TABLE_NAMES.filter((name) => spec(name).backup !== false).map(
      (name) => this.tables[name],
    );
  }

  private table(id: string, spec: TableSpec, props: DataProps): dynamodb.Table {
    const table = new dynamodb.Table(this, id, {
      partitionKey: { name: spec.partitionKey, type: attributeType(spec.partitionKeyType) },
      ...(spec.sortKey
        ? { sortKey: { name: spec.sortKey, type: dynamodb.AttributeType.STRING } }
        : {}),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: spec.backup !== false },
      deletionProtection: props.protectData,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      ...(spec.expiresAt ? { timeToLiveAttribute: spec.expiresAt } : {}),
    });
    if (spec.backup === false)
      acknowledge(
        table,
        'AwsSolutions-DDB3',
        'No point-in-time recovery by design: the table holds only what must be gone within 48 hours (daily salts, visitor hashes, raw hits), which a backup would keep for 35 days.',
      );
    for (const index of Object.values(spec.indexes)) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        ...(index.sortKey
          ? { sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING } }
          : {}),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }
}

const attributeType = (type: 'S' | 'N' | undefined): dynamodb.AttributeType =>
  type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING;
