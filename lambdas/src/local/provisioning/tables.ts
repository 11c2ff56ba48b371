/**
 * The local stack's DynamoDB tables (on dynalite), each with the keys and indexes the shared TABLES
 * definitions give it, so local code meets the same keys and indexes the CDK deploys. A data folder
 * kept from an earlier version is brought up to date, since dynalite cannot add an index in place.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DeleteTableCommand,
  PutItemCommand,
  ResourceNotFoundException,
  ScanCommand,
  type AttributeDefinition,
  type AttributeValue,
  type CreateTableCommandInput,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type TableName } from '../../platform/aws/tables';
import { logger } from '../../platform/logger';
import { LOCAL_NAMES } from './local-names';

const TABLE_NAMES = Object.keys(TABLES) as TableName[];

/** The CreateTable input of one table, straight from the shared key definitions. */
export function tableDefinition(name: TableName, tableName: string): CreateTableCommandInput {
  const def = TABLES[name];
  const types = new Map<string, 'S' | 'N'>();
  types.set(def.partitionKey, 'partitionKeyType' in def ? def.partitionKeyType : 'S');
  const keySchema: CreateTableCommandInput['KeySchema'] = [
    { AttributeName: def.partitionKey, KeyType: 'HASH' },
  ];
  if ('sortKey' in def) {
    types.set(def.sortKey, 'S');
    keySchema.push({ AttributeName: def.sortKey, KeyType: 'RANGE' });
  }
  const indexes: GlobalSecondaryIndex[] = Object.values(def.indexes).map(
    (index: { name: string; partitionKey: string; sortKey: string }) => {
      types.set(index.partitionKey, 'S');
      types.set(index.sortKey, 'S');
      return {
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      };
    },
  );
  const attributes: AttributeDefinition[] = [...types].map(([AttributeName, AttributeType]) => ({
    AttributeName,
    AttributeType,
  }));
  return {
    TableName: tableName,
    AttributeDefinitions: attributes,
    KeySchema: keySchema,
    BillingMode: 'PAY_PER_REQUEST',
    ...(indexes.length > 0 ? { GlobalSecondaryIndexes: indexes } : {}),
  };
}

/** Every table of TABLES under its LOCAL_NAMES name, one after another (ensureTable each). */
export async function ensureTables(db: DynamoDBClient): Promise<void> {
  for (const name of TABLE_NAMES) {
    await ensureTable(db, name, LOCAL_NAMES.tables[name]);
  }
}

/**
 * Create the table; a table from an earlier version that lacks an index TABLES has gained since is
 * recreated with it, items copied over (dynalite cannot add an index to a table; in AWS,
 * CloudFormation adds it in place).
 */
export async function ensureTable(
  db: DynamoDBClient,
  name: TableName,
  tableName: string,
): Promise<void> {
  const wanted = tableDefinition(name, tableName);
  let existing: string[] | null = null;
  try {
    const { Table } = await db.send(new DescribeTableCommand({ TableName: tableName }));
    existing = (Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName ?? '');
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  if (existing === null) {
    await db.send(new CreateTableCommand(wanted));
  } else {
    const have = existing;
    const missing = (wanted.GlobalSecondaryIndexes ?? []).filter(
      (g) => !have.includes(g.IndexName ?? ''),
    );
    if (missing.length > 0) {
      logger.info('adding indexes to a local table by recreating it', {
        table: tableName,
        indexes: missing.map((g) => g.IndexName),
      });
      const items: Record<string, AttributeValue>[] = [];
      let startKey: Record<string, AttributeValue> | undefined;
      do {
        const page = await db.send(
          new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }),
        );
        items.push(...(page.Items ?? []));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      await db.send(new DeleteTableCommand({ TableName: tableName }));
      await waitForGone(db, tableName);
      await db.send(new CreateTableCommand(wanted));
      await waitForActive(db, tableName);
      for (const Item of items) await db.send(new PutItemCommand({ TableName: tableName, Item }));
    }
  }
  await waitForActive(db, tableName);
}

async function waitForGone(db: DynamoDBClient, tableName: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await db.send(new DescribeTableCommand({ TableName: tableName }));
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return;
      throw error;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`table ${tableName} was not deleted`);
}

/** Wait until a new table (and its indexes) is ACTIVE: DynamoDB, and dynalite, refuse its items until then. */
export async function waitForActive(db: DynamoDBClient, tableName: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { Table } = await db.send(new DescribeTableCommand({ TableName: tableName }));
    const indexesActive = (Table?.GlobalSecondaryIndexes ?? []).every(
      (g) => g.IndexStatus === 'ACTIVE',
    );
    if (Table?.TableStatus === 'ACTIVE' && indexesActive) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`table ${tableName} did not become ACTIVE`);
}
