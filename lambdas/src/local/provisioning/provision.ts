import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  DeleteTableCommand,
  PutItemCommand,
  ResourceNotFoundException,
  ScanCommand,
  type AttributeDefinition,
  type AttributeValue,
  type CreateTableCommandInput,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand as DocScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { ADMIN_GROUP, ADMIN_SESSION, STAFF_GROUPS } from '@agency/shared';
import { TABLES, TAXONOMY_PREFIXES, type TableName } from '../../adapters/tables';
import {
  DynamoTaxonomyStore,
  taxonomyCounterKey,
  taxonomyKey,
} from '../../adapters/taxonomy-store';
import type { TaxonomyKind } from '../../domain/post-ports';
import { createTaxon, nameKey, type TaxonomyDeps, type TaxonRecord } from '../../domain/taxonomy';
import { logger } from '../../lib/logger';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../stand-ins/credentials';
import type { StandIns } from '../stand-ins/stand-ins';

/** Physical names of the local tables and bucket. */
export const LOCAL_NAMES = {
  tables: {
    content: 'content',
    leads: 'leads',
    views: 'views',
    stats: 'stats',
    team: 'team',
    audit: 'audit',
  } satisfies Record<TableName, string>,
  bucket: 'media',
  /** The site bucket: published marketing pages (the build's files stay in web/dist, read after it). */
  siteBucket: 'site',
  /** The access-log bucket: the local edge's CloudFront standard logs (under `cloudfront/`). */
  accessLogBucket: 'access-logs',
} as const;

/** Sample taxonomy of a fresh stack; the admin editor offers these. */
export const SEED_CATEGORIES = [
  'Digital Marketing',
  'SEO',
  'Web Development',
  'Branding',
  'Content Marketing',
  'Social Media',
] as const;
export const SEED_AUTHORS = [
  'Priya Raman',
  'Daniel Okafor',
  'Hannah Lindqvist',
  'Marco Bellini',
] as const;

export interface LocalUser {
  email: string;
  password: string;
  /** Cognito groups (e.g. EDITOR_GROUP for an editor); the admin is always in ADMIN_GROUP. */
  groups?: string[];
  /** The `name` attribute the admin header shows; none: the header falls back to the e-mail. */
  name?: string;
}

export interface ProvisionOptions {
  dataDir: string;
  standIns: Pick<StandIns, 'endpoints'>;
  admin: LocalUser;
  /** More users, e.g. a non-admin for 403 tests. */
  users?: LocalUser[];
  /** Write the sample categories and authors (default true). */
  taxonomy?: boolean;
  /**
   * Life of admin access tokens, in seconds (default ADMIN_SESSION.accessTokenSeconds, AWS's hour).
   * cognito-local honours the app client's AccessTokenValidity and TokenValidityUnits, so short
   * values let tests see a token expire.
   */
  accessTokenTtlSeconds?: number;
}

/** What provisioning created or found: the generated ids and key the local environment names. */
export interface Provisioned {
  userPoolId: string;
  userPoolClientId: string;
  captchaHmacKey: string;
}

const localConfig = z.object({
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  captchaHmacKey: z.string().min(32),
});
type LocalConfig = z.infer<typeof localConfig>;

const TABLE_NAMES = Object.keys(TABLES) as TableName[];

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

async function readLocalConfig(file: string): Promise<Partial<LocalConfig>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed = localConfig.partial().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

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

async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}

/** Give the admin's add a no-op CDN and log: provisioning has neither. */
const quietDeps = (store: DynamoTaxonomyStore): TaxonomyDeps => ({
  store,
  cdn: { invalidate: async () => undefined },
  log: { warn: () => undefined },
});

/**
 * The sample categories and authors of a fresh stack, added the way the admin adds them (ids from
 * the counter, a guard per name), so ids 1… are the seed lists in order. Only while a kind has never
 * been managed (no counter yet): what the admin deleted or renamed stays so on the next start.
 */
export async function ensureTaxonomy(doc: DynamoDBDocumentClient, table: string): Promise<void> {
  const store = new DynamoTaxonomyStore(() => ({ client: doc, table }));
  const seeds = [
    ['category', SEED_CATEGORIES],
    ['author', SEED_AUTHORS],
  ] as const;
  for (const [kind, names] of seeds) {
    const counter = await doc.send(
      new GetCommand({ TableName: table, Key: taxonomyCounterKey(kind), ConsistentRead: true }),
    );
    if (counter.Item) continue;
    const existing = await store.records(kind);
    if (existing.length === 0) {
      for (const name of names) await createTaxon(quietDeps(store), kind, name);
    } else {
      await adoptTaxonomy(doc, table, store, kind, existing);
    }
  }
}

/**
 * A data folder from before categories and authors were managed holds their items without name
 * guards, counter or usage counts: add them. The usage counts come from a Scan of the posts, which
 * is fine once at start-up on a local stack and is how a count left too high by a crash would be
 * recounted (see post-references.ts).
 */
async function adoptTaxonomy(
  doc: DynamoDBDocumentClient,
  table: string,
  store: DynamoTaxonomyStore,
  kind: TaxonomyKind,
  existing: TaxonRecord[],
): Promise<void> {
  const usage = await recountUsage(doc, table, kind);
  for (const { id, name } of existing) {
    const key = nameKey(name);
    await store.adoptName(kind, key, id);
    await doc.send(
      new UpdateCommand({
        TableName: table,
        Key: taxonomyKey(TAXONOMY_PREFIXES[kind], id),
        UpdateExpression: 'SET #posts = :n',
        ExpressionAttributeNames: { '#posts': 'posts' },
        ExpressionAttributeValues: { ':n': usage.get(id) ?? 0 },
      }),
    );
  }
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: { ...taxonomyCounterKey(kind), value: Math.max(...existing.map((t) => t.id)) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** How many posts point at each category or author id (a Scan: local provisioning only). */
export async function recountUsage(
  doc: DynamoDBDocumentClient,
  table: string,
  kind: TaxonomyKind,
): Promise<Map<number, number>> {
  const field = kind === 'category' ? 'category_id' : 'author_id';
  const counts = new Map<number, number>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new DocScanCommand({
        TableName: table,
        FilterExpression: 'sk = :post',
        ProjectionExpression: '#ref',
        ExpressionAttributeNames: { '#ref': field },
        ExpressionAttributeValues: { ':post': 'POST' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const id = item[field];
      if (typeof id === 'number') counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return counts;
}

async function poolExists(
  cognito: CognitoIdentityProviderClient,
  poolId: string | undefined,
  clientId: string | undefined,
): Promise<boolean> {
  if (!poolId || !clientId) return false;
  try {
    await cognito.send(new DescribeUserPoolCommand({ UserPoolId: poolId }));
    await cognito.send(
      new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }),
    );
    return true;
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') return false;
    throw error;
  }
}

async function createPool(
  cognito: CognitoIdentityProviderClient,
): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const { UserPool } = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'agency-admins',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
    }),
  );
  const userPoolId = UserPool?.Id;
  if (!userPoolId) throw new Error('CreateUserPool returned no pool id');
  const { UserPoolClient } = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'agency-web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const userPoolClientId = UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('CreateUserPoolClient returned no client id');
  return { userPoolId, userPoolClientId };
}

/**
 * Give the app client the CDK client's token lives (infra/lib/constructs/auth.ts), with the access
 * token's shortened when asked. Run on every start, so a changed setting applies to a kept pool.
 * cognito-local (5.x) signs tokens with these lives; revocation (RevokeToken, sign-out everywhere,
 * disabling) is the parity layer's (stand-ins/cognito-parity.ts). Refresh tokens do not expire
 * locally, which only matters after 30 days.
 */
async function setTokenLives(
  cognito: CognitoIdentityProviderClient,
  pool: { userPoolId: string; userPoolClientId: string },
  accessTokenSeconds: number,
): Promise<void> {
  await cognito.send(
    new UpdateUserPoolClientCommand({
      UserPoolId: pool.userPoolId,
      ClientId: pool.userPoolClientId,
      ClientName: 'agency-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: accessTokenSeconds,
      IdTokenValidity: accessTokenSeconds,
      RefreshTokenValidity: ADMIN_SESSION.refreshTokenDays,
      TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds', RefreshToken: 'days' },
      EnableTokenRevocation: true,
    }),
  );
}

/**
 * TOTP as the CDK pool has it (Mfa.OPTIONAL, software tokens only): a member who enrols is asked
 * for a code at sign-in. cognito-local creates pools with MFA off, where an enrolled member would
 * never be asked; run on every start so a pool kept from before gets it too.
 */
async function allowTotp(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<void> {
  await cognito.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
}

async function ensureGroup(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  group: string,
): Promise<void> {
  // ListGroups, not GetGroup: cognito-local's GetGroup fails with a 500 on a pool that has no group yet.
  const { Groups } = await cognito.send(new ListGroupsCommand({ UserPoolId: poolId, Limit: 60 }));
  if (Groups?.some((g) => g.GroupName === group)) return;
  await cognito.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: group }));
}

/** Create the user when missing, (re)set its password as permanent, and add it to its groups. */
async function ensureUser(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  user: LocalUser,
): Promise<void> {
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: user.email }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
        ],
      }),
    );
  }
  // Every start makes the printed credentials true, even if the configured password changed.
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolId,
      Username: user.email,
      Password: user.password,
      Permanent: true,
    }),
  );
  for (const group of user.groups ?? []) {
    await ensureGroup(cognito, poolId, group);
    await cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: poolId,
        Username: user.email,
        GroupName: group,
      }),
    );
  }
}

/** AWS SDK clients pointed at the stand-ins, independent of `process.env`. */
export function standInClients(endpoints: StandIns['endpoints']) {
  const common = { region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const dynamo = new DynamoDBClient({ ...common, endpoint: endpoints.dynamodb });
  return {
    dynamo,
    doc: DynamoDBDocumentClient.from(dynamo, { marshallOptions: { removeUndefinedValues: true } }),
    s3: new S3Client({
      ...common,
      endpoint: endpoints.s3,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    cognito: new CognitoIdentityProviderClient({ ...common, endpoint: endpoints.cognito }),
    destroy() {
      dynamo.destroy();
      this.s3.destroy();
      this.cognito.destroy();
    },
  };
}

/**
 * Let pages of these origins POST upload forms to the media bucket (the admin's direct uploads), as
 * the bucket's CORS rule does in AWS. Set once the site's address is known; replaces any rule.
 */
export async function allowBrowserUploads(
  endpoints: Pick<StandIns['endpoints'], 's3'>,
  origins: readonly string[],
): Promise<void> {
  const s3 = new S3Client({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: endpoints.s3,
    forcePathStyle: true,
  });
  try {
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: LOCAL_NAMES.bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [...new Set(origins)],
              AllowedMethods: ['POST'],
              AllowedHeaders: ['*'],
              MaxAgeSeconds: 3600,
            },
          ],
        },
      }),
    );
  } finally {
    s3.destroy();
  }
}

/**
 * Create whatever is missing on the stand-ins: every table of TABLES (with its indexes), the media
 * bucket, the user pool with its app client and the staff groups (admins, editors), the seed admin
 * (and any extra users, each in the groups it names),
 * and the sample categories and authors. Pool and client ids and the captcha key are kept in
 * `<dataDir>/local-config.json` so a restart reuses them. Safe to run on every start.
 */
export async function provision(options: ProvisionOptions): Promise<Provisioned> {
  const { endpoints } = options.standIns;
  const clients = standInClients(endpoints);
  try {
    for (const name of TABLE_NAMES) {
      await ensureTable(clients.dynamo, name, LOCAL_NAMES.tables[name]);
    }
    await ensureBucket(clients.s3, LOCAL_NAMES.bucket);
    await ensureBucket(clients.s3, LOCAL_NAMES.siteBucket);
    await ensureBucket(clients.s3, LOCAL_NAMES.accessLogBucket);
    if (options.taxonomy ?? true) await ensureTaxonomy(clients.doc, LOCAL_NAMES.tables.content);

    const configFile = path.join(options.dataDir, 'local-config.json');
    const saved = await readLocalConfig(configFile);
    const pool = (await poolExists(clients.cognito, saved.userPoolId, saved.userPoolClientId))
      ? { userPoolId: saved.userPoolId ?? '', userPoolClientId: saved.userPoolClientId ?? '' }
      : await createPool(clients.cognito);
    const config: LocalConfig = {
      ...pool,
      captchaHmacKey: saved.captchaHmacKey ?? randomBytes(32).toString('hex'),
    };
    await writeFile(configFile, `${JSON.stringify(config, null, 2)}\n`);

    await setTokenLives(
      clients.cognito,
      pool,
      options.accessTokenTtlSeconds ?? ADMIN_SESSION.accessTokenSeconds,
    );
    await allowTotp(clients.cognito, pool.userPoolId);
    // Both staff groups exist from the start, as the CDK creates them: an admin can invite an editor.
    for (const group of STAFF_GROUPS) await ensureGroup(clients.cognito, pool.userPoolId, group);
    await ensureUser(clients.cognito, pool.userPoolId, {
      ...options.admin,
      groups: [...new Set([ADMIN_GROUP, ...(options.admin.groups ?? [])])],
    });
    for (const user of options.users ?? [])
      await ensureUser(clients.cognito, pool.userPoolId, user);

    return { ...pool, captchaHmacKey: config.captchaHmacKey };
  } finally {
    clients.destroy();
  }
}
