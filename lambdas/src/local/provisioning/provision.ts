/**
 * Provisioning of the local stack: creates on the stand-ins what the CDK stack deploys in AWS, in
 * the order the rest depends on (tables, buckets, sample taxonomy, user pool, accounts), each
 * concern in its own module beside this one. `npm start`, the bench and the test harness call
 * `provision` on every start; every step only adds what is missing or re-applies settings.
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_SESSION } from '@agency/shared';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../stand-ins/credentials';
import type { StandIns } from '../stand-ins/stand-ins';
import { ensureBuckets } from './buckets';
import { readLocalConfig, writeLocalConfig, type LocalConfig } from './local-config';
import { LOCAL_NAMES } from './local-names';
import { ensureTaxonomy } from './seed-taxonomy';
import { ensureTables } from './tables';
import { configurePool, ensureAccounts, ensurePool, type LocalUser } from './user-pool';

// Re-exported: the entry (main.ts), scripts and many tests name them together with `provision`.
export { LOCAL_NAMES } from './local-names';
export { allowBrowserUploads } from './buckets';

/** What `provision` creates, and for whom. */
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
 * Create whatever is missing on the stand-ins: every table of TABLES (with its indexes), the media,
 * site and access-log buckets, the sample categories and authors, the user pool with its app client
 * and the staff groups (admins, editors), the seed admin and any extra users, each in the groups it
 * names. Pool and client ids and the captcha key are kept in `<dataDir>/local-config.json` so a
 * restart reuses them. Safe to run on every start.
 */
export async function provision(options: ProvisionOptions): Promise<Provisioned> {
  const clients = standInClients(options.standIns.endpoints);
  try {
    await ensureTables(clients.dynamo);
    await ensureBuckets(clients.s3);
    if (options.taxonomy ?? true) await ensureTaxonomy(clients.doc, LOCAL_NAMES.tables.content);

    const saved = await readLocalConfig(options.dataDir);
    const pool = await ensurePool(clients.cognito, saved);
    const config: LocalConfig = {
      ...pool,
      captchaHmacKey: saved.captchaHmacKey ?? randomBytes(32).toString('hex'),
    };
    await writeLocalConfig(options.dataDir, config);

    await configurePool(
      clients.cognito,
      pool,
      options.accessTokenTtlSeconds ?? ADMIN_SESSION.accessTokenSeconds,
    );
    await ensureAccounts(clients.cognito, pool.userPoolId, options.admin, options.users ?? []);

    return { ...pool, captchaHmacKey: config.captchaHmacKey };
  } finally {
    clients.destroy();
  }
}
