import { TABLES, TAXONOMY_PREFIXES, type TableName } from '@agency/lambdas/tables';
import type { OperationName } from '@agency/shared';

/** The tables of TABLES, in a fixed order. */
export const TABLE_NAMES: readonly TableName[] = ['content', 'leads', 'views'];

/** What a function may do with a table; each level maps to the fewest DynamoDB actions it needs. */
export type TableAccess = 'read' | 'write' | 'delete';

export const TABLE_ACTIONS: Record<TableAccess, readonly string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  write: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  delete: ['dynamodb:DeleteItem'],
};

export interface TableGrant {
  access: readonly TableAccess[];
  /**
   * Restrict the grant to items whose partition key starts with one of these prefixes
   * (IAM `dynamodb:LeadingKeys`); such grants cover the table only, not its indexes.
   */
  keyPrefixes?: readonly string[];
}

export type MediaAccess = 'read' | 'put' | 'delete';

export const MEDIA_ACTIONS: Record<MediaAccess, string> = {
  read: 's3:GetObject',
  put: 's3:PutObject',
  delete: 's3:DeleteObject',
};

/** Everything a function may touch. Absent means nothing: a function starts with no access at all. */
export interface FunctionGrants {
  tables?: Partial<Record<TableName, TableGrant>>;
  /** Object access under the banner prefix of the media bucket. */
  media?: readonly MediaAccess[];
  /** `cloudfront:CreateInvalidation` on the site distribution (blog pages after a publish). */
  invalidateCache?: boolean;
  /** `ses:SendEmail` as the configured sender. */
  sendMail?: boolean;
  /** Read the captcha HMAC key. */
  captchaKey?: boolean;
  /** `cognito-idp:InitiateAuth` on the user pool (password login, refresh-token renewal). */
  cognitoLogin?: boolean;
  /** `cognito-idp:RevokeToken` on the user pool (sign-out). */
  cognitoRevoke?: boolean;
  /** Extra user-pool admin actions, e.g. `cognito-idp:AdminGetUser`. */
  cognitoAdmin?: readonly string[];
}

/** Partition-key prefixes of the throttle and replay records kept in the content table (agreed with lambdas/). */
export const KEY_PREFIXES = { rate: 'RATE#', altcha: 'ALTCHA#', login: 'LOGIN#' } as const;

const contentRead: TableGrant = { access: ['read'] };

/**
 * Managing one kind of taxonomy: only that kind's records (its items, id counter and name guards
 * all start with its prefix), never posts. Adds and renames also free a name guard (delete); a
 * rename refreshes the cached blog pages that show the name.
 */
const taxonomyWriter = (
  prefix: string,
  access: readonly TableAccess[],
  invalidateCache = false,
): FunctionGrants => ({
  tables: { content: { access, keyPrefixes: [prefix] } },
  ...(invalidateCache ? { invalidateCache } : {}),
});
/** Post writers also keep revisions (write) and trim the oldest with banners only they used (delete). */
const postWriter: FunctionGrants = {
  tables: { content: { access: ['read', 'write', 'delete'] }, views: { access: ['read'] } },
  media: ['put', 'delete'],
  invalidateCache: true,
};
const postReader: FunctionGrants = {
  tables: { content: contentRead, views: { access: ['read'] } },
};

/**
 * Per-operation permissions, keyed by contract operation name. An operation missing here gets no
 * permission at all, so a new contract operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: Partial<Record<OperationName, FunctionGrants>> = {
  login: {
    cognitoLogin: true,
    tables: { content: { access: ['read', 'write', 'delete'], keyPrefixes: [KEY_PREFIXES.login] } },
  },
  refreshSession: { cognitoLogin: true },
  logoutSession: { cognitoRevoke: true },
  listPosts: postReader,
  getPost: postReader,
  previewPost: postReader,
  listRevisions: { tables: { content: contentRead } },
  getRevision: { tables: { content: contentRead } },
  restoreRevision: { ...postWriter, media: ['delete'] },
  increaseView: { tables: { content: contentRead, views: { access: ['write'] } } },
  createPost: postWriter,
  updatePost: postWriter,
  deletePost: {
    ...postWriter,
    tables: {
      content: { access: ['read', 'write', 'delete'] },
      views: { access: ['read', 'delete'] },
    },
    media: ['delete'],
  },
  listCategories: { tables: { content: contentRead } },
  listAuthors: { tables: { content: contentRead } },
  createCategory: taxonomyWriter(TAXONOMY_PREFIXES.category, ['read', 'write', 'delete']),
  renameCategory: taxonomyWriter(TAXONOMY_PREFIXES.category, ['read', 'write', 'delete'], true),
  deleteCategory: taxonomyWriter(TAXONOMY_PREFIXES.category, ['read', 'delete']),
  createAuthor: taxonomyWriter(TAXONOMY_PREFIXES.author, ['read', 'write', 'delete']),
  renameAuthor: taxonomyWriter(TAXONOMY_PREFIXES.author, ['read', 'write', 'delete'], true),
  deleteAuthor: taxonomyWriter(TAXONOMY_PREFIXES.author, ['read', 'delete']),
  createLead: {
    tables: {
      leads: { access: ['write'] },
      content: { access: ['write'], keyPrefixes: [KEY_PREFIXES.rate, KEY_PREFIXES.altcha] },
    },
    sendMail: true,
    captchaKey: true,
  },
  listLeads: { tables: { leads: { access: ['read'] } } },
  exportLeads: { tables: { leads: { access: ['read'] } } },
  getCaptchaChallenge: { captchaKey: true },
};

/** The lead e-mail retry job: finds pending leads, sends them, marks them sent. */
export const RETRY_JOB_GRANTS: FunctionGrants = {
  tables: { leads: { access: ['read', 'write'] } },
  sendMail: true,
};

/** The publishing job: finds scheduled posts that are due, publishes them, invalidates their pages. */
export const PUBLISH_JOB_GRANTS: FunctionGrants = {
  tables: { content: { access: ['read', 'write'] } },
  invalidateCache: true,
};

/** The blog render handler: reads posts and view counts. */
export const RENDER_GRANTS: FunctionGrants = {
  tables: { content: contentRead, views: { access: ['read'] } },
};

/** The permissions of one operation's function. */
export const grantsOf = (name: OperationName): FunctionGrants => OPERATION_GRANTS[name] ?? {};

/** Index names of a table, straight from TABLES. */
export const indexNamesOf = (table: TableName): string[] =>
  Object.values(TABLES[table].indexes).map((i: { name: string }) => i.name);
