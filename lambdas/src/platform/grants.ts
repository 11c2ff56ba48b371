/**
 * What a function may do in AWS, as data: each module states its operations', jobs' and workers'
 * grants in its own `grants.ts` with these shapes, and the CDK app turns them into IAM statements and
 * environment variables (infra/lib/grants.ts, infra/lib/apply-grants.ts). Absent means nothing: a
 * function starts with no access at all.
 */
import type { ApiModule, Contract, OperationName } from '@agency/shared';
import {
  KEY_PREFIXES as TABLE_KEY_PREFIXES,
  TABLES,
  TAXONOMY_PREFIXES,
  type TableName,
} from './aws/tables';

export { TABLE_KEY_PREFIXES, TABLES, TAXONOMY_PREFIXES };

/** The operations of one module (`module` of their contract entries). */
export type OperationsOf<M extends ApiModule> = {
  [N in OperationName]: Contract[N]['module'] extends M ? N : never;
}[OperationName];

/** A module's operation grants: a row for an operation of another module is a type error. */
export type OperationGrants<M extends ApiModule> = Partial<Record<OperationsOf<M>, FunctionGrants>>;

/**
 * What a function may do with a table; each level maps to the fewest DynamoDB actions it needs.
 * The narrow ones are for the account tables: `get` reads one item by its key (no query), `update`
 * changes fields of an item, and `put` writes a whole item (the audit trail's only permission: its
 * writer makes each PutItem conditional on a new random key, so no record is ever replaced).
 */
export type TableAccess = 'read' | 'write' | 'delete' | 'get' | 'update' | 'put' | 'query';

export interface TableGrant {
  access: readonly TableAccess[];
  /**
   * Restrict the grant to items whose partition key starts with one of these prefixes
   * (IAM `dynamodb:LeadingKeys`); such grants cover the table only, not its indexes.
   */
  keyPrefixes?: readonly string[];
  /**
   * Limit the grant to this index of the table (its name in TABLES), not the table's items: for a
   * function that only lists what the index holds (e.g. every page, through byDate). Not with
   * `keyPrefixes`.
   */
  index?: string;
}

export type MediaAccess = 'read' | 'put' | 'delete';

/** The media bucket's key prefixes a grant may name (their paths: MEDIA_PREFIXES of infra/lib/grants.ts). */
export const MEDIA_PREFIX_NAMES = ['uploads', 'images', 'banners', 'cards'] as const;
export type MediaPrefix = (typeof MEDIA_PREFIX_NAMES)[number];

/** Everything a function may touch. Absent means nothing: a function starts with no access at all. */
export interface FunctionGrants {
  /** Per table, one grant or several (e.g. reading two kinds of records but writing one). */
  tables?: Partial<Record<TableName, TableGrant | readonly TableGrant[]>>;
  /** Object access in the media bucket, per key prefix (`uploads/`, `images/`, `banners/`). */
  media?: Partial<Record<MediaPrefix, readonly MediaAccess[]>>;
  /**
   * `s3:ListBucket` on the media bucket: S3 answers a missing key 404 only to a caller that may list
   * the bucket (403 otherwise), and checking an upload must tell "never uploaded or expired" from a
   * refusal. It reveals key names only (random ids), never an object.
   */
  mediaList?: boolean;
  /** `lambda:InvokeFunction` on the image function (and IMAGE_FUNCTION set to its name). */
  invokeImages?: boolean;
  /** `cloudfront:CreateInvalidation` on the site distribution (blog pages after a publish). */
  invalidateCache?: boolean;
  /** `ses:SendEmail` as the configured sender. */
  sendMail?: boolean;
  /** Read the captcha HMAC key. */
  captchaKey?: boolean;
  /**
   * `cognito-idp:InitiateAuth` on the user pool (password login, refresh-token renewal). Cognito
   * evaluates no IAM policy for this call (the app client authorises it); the statement names the
   * call on the role, as it always has.
   */
  cognitoLogin?: boolean;
  /** `cognito-idp:RevokeToken` on the user pool (sign-out); like InitiateAuth, not evaluated by IAM. */
  cognitoRevoke?: boolean;
  /**
   * The user-pool calls a function makes on a user's behalf, authorised by that user's access
   * token, a challenge session or a reset code (RespondToAuthChallenge, ChangePassword,
   * AssociateSoftwareToken…): Cognito evaluates no IAM policy for them, so they grant nothing and
   * are listed so this table names every Cognito call a function makes. They give the function the
   * pool's settings (USER_POOL_ID, USER_POOL_CLIENT_ID).
   */
  cognitoUser?: readonly CognitoUserCall[];
  /** User-pool admin actions (IAM-authorised), e.g. `cognito-idp:AdminGetUser`. */
  cognitoAdmin?: readonly string[];
  /**
   * Read the lead webhook's URL and signing key (SSM SecureStrings) when the stage configures a
   * webhook; nothing at all when it does not, so the function knows there is none.
   */
  leadWebhook?: boolean;
  /** SITE_URL: the site's public address (links to the admin in lead notifications). */
  siteUrl?: boolean;
  /**
   * The redirect KeyValueStore the edge function reads: `cloudfront-keyvaluestore:DescribeKeyValueStore`,
   * `ListKeys`, `GetKey`, `PutKey`, `DeleteKey` and `UpdateKeys` on it, and REDIRECT_STORE_ARN set to its ARN.
   */
  edgeStore?: boolean;
  /**
   * SITE_PAGE_PATHS: the site's page paths (the web build's site-pages.json: prerendered, rendered
   * and app patterns, as a JSON array), which a redirect may not hide.
   */
  sitePages?: boolean;
  /**
   * Object access in the site bucket, where published marketing pages' HTML is written beside the
   * build's files (`s3:PutObject`, `s3:DeleteObject`, `s3:GetObject` for the metadata a HEAD reads,
   * on its objects), and SITE_BUCKET.
   */
  siteFiles?: readonly SiteFileAccess[];
  /** `lambda:InvokeFunction` on the render function (pages rendered on publish), and RENDER_FUNCTION. */
  invokeRender?: boolean;
}

export type SiteFileAccess = 'put' | 'delete' | 'read';

/** Cognito calls authorised by a user's token, session or code, not by IAM (see FunctionGrants.cognitoUser). */
export type CognitoUserCall =
  | 'RespondToAuthChallenge'
  | 'GetUser'
  | 'ChangePassword'
  | 'AssociateSoftwareToken'
  | 'VerifySoftwareToken'
  | 'SetUserMFAPreference'
  | 'GlobalSignOut'
  | 'UpdateUserAttributes'
  | 'ForgotPassword'
  | 'ConfirmForgotPassword';

/**
 * Partition-key prefixes of the content table's records, as the lambdas' adapters build their keys
 * (`@agency/lambdas/tables`): a grant limited to a prefix the code does not use cannot exist.
 */
export const KEY_PREFIXES = TABLE_KEY_PREFIXES.content;

/**
 * Partition-key prefixes of the stats table (`@agency/lambdas/tables`): the lead figures per week
 * and per status with each counted lead's marker, and the views per day.
 */
const STATS_KEYS = TABLE_KEY_PREFIXES.stats;

export const STATS_KEY_PREFIXES = {
  leadFigures: [STATS_KEYS.leadWeek, STATS_KEYS.leadStatus],
  /** Leads per status only: the inbox's "Spam · 3". */
  leadStatuses: [STATS_KEYS.leadStatus],
  counted: [STATS_KEYS.counted],
  views: [STATS_KEYS.views],
} as const;

export const contentRead: TableGrant = { access: ['read'] };

/**
 * Keys of the team table (`@agency/lambdas/tables`): each staff account's record (`MEMBER#<sub>`)
 * and the lease that serialises team changes (`TEAM`/`LOCK`).
 */
export const TEAM_KEY_PREFIXES = TABLE_KEY_PREFIXES.team;

/**
 * Every staff call reads its caller's account record, by key and consistently (disabled, signed out
 * everywhere, TOTP enrolled: lambdas/src/platform/staff/auth.ts). Nothing else of the team table.
 */
export const accountCheck: TableGrant = {
  access: ['get'],
  keyPrefixes: [TEAM_KEY_PREFIXES.member],
};
