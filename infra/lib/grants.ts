import type { ScheduledJobName } from '@agency/lambdas/functions';
import {
  KEY_PREFIXES as TABLE_KEY_PREFIXES,
  TABLES,
  TAXONOMY_PREFIXES,
  type TableName,
} from '@agency/lambdas/tables';
import {
  groupsAllowed,
  writesAudit,
  BANNER_PREFIX,
  IMAGE_PREFIX,
  TITLE_CARD_PREFIX,
  UPLOAD_PREFIX,
  type OperationName,
} from '@agency/shared';

/** The tables of TABLES, in a fixed order. */
export const TABLE_NAMES: readonly TableName[] = [
  'content',
  'leads',
  'views',
  'stats',
  'team',
  'audit',
];

/**
 * What a function may do with a table; each level maps to the fewest DynamoDB actions it needs.
 * The narrow ones are for the account tables: `get` reads one item by its key (no query), `update`
 * changes fields of an item, and `put` writes a whole item (the audit trail's only permission: its
 * writer makes each PutItem conditional on a new random key, so no record is ever replaced).
 */
export type TableAccess = 'read' | 'write' | 'delete' | 'get' | 'update' | 'put' | 'query';

export const TABLE_ACTIONS: Record<TableAccess, readonly string[]> = {
  read: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    // A transaction's ConditionCheck: reads an item to decide, writes nothing.
    'dynamodb:ConditionCheckItem',
  ],
  /** Querying an index (a grant naming `index`): the only read an index takes. */
  query: ['dynamodb:Query'],
  write: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  delete: ['dynamodb:DeleteItem'],
  get: ['dynamodb:GetItem'],
  update: ['dynamodb:UpdateItem'],
  put: ['dynamodb:PutItem'],
};

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

export const MEDIA_ACTIONS: Record<MediaAccess, string> = {
  read: 's3:GetObject',
  put: 's3:PutObject',
  delete: 's3:DeleteObject',
};

/**
 * The key prefixes of the media bucket, each a different trust level: raw uploads nobody has
 * checked yet (never served, expire), processed images (served), and banners from before the media
 * library (served until the image migration, an operator's command, moves them). A grant names the
 * prefix, so a function that may write uploads cannot touch what is served.
 */
export const MEDIA_PREFIXES = {
  uploads: UPLOAD_PREFIX,
  images: IMAGE_PREFIX,
  banners: BANNER_PREFIX,
  cards: TITLE_CARD_PREFIX,
} as const;
export type MediaPrefix = keyof typeof MEDIA_PREFIXES;
/** Prefixes in a fixed order (one policy statement each). */
export const MEDIA_PREFIX_NAMES: readonly MediaPrefix[] = ['uploads', 'images', 'banners', 'cards'];

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
export const SITE_FILE_ACTIONS: Record<SiteFileAccess, string> = {
  put: 's3:PutObject',
  delete: 's3:DeleteObject',
  read: 's3:GetObject',
};

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
 * Writing redirects: the redirect records and the 404 entries a new redirect drops (one
 * TransactWriteItems), the posts read to refuse hiding a live one, then the edge store. The same
 * for a post write that renames a published post's slug (it adds `/blog/{old}` → `/blog/{new}`).
 */
const redirectWriter: FunctionGrants = {
  tables: {
    content: [
      {
        access: ['read', 'write', 'delete'],
        keyPrefixes: [KEY_PREFIXES.redirect, KEY_PREFIXES.notFound],
      },
      { access: ['read'], keyPrefixes: [KEY_PREFIXES.post, KEY_PREFIXES.slug] },
    ],
  },
  edgeStore: true,
  sitePages: true,
};
/**
 * Adding or changing a redirect also refuses a source that is a live marketing page (its `PAGE#`
 * record, read by key) and lets one through that is a retired page's address.
 */
const redirectChecker: FunctionGrants = {
  ...redirectWriter,
  tables: {
    content: [
      {
        access: ['read', 'write', 'delete'],
        keyPrefixes: [KEY_PREFIXES.redirect, KEY_PREFIXES.notFound],
      },
      { access: ['read'], keyPrefixes: [KEY_PREFIXES.post, KEY_PREFIXES.slug] },
      { access: ['get'], keyPrefixes: [KEY_PREFIXES.page] },
    ],
  },
};

/**
 * Marketing pages (`PAGE#<path>` with their kept versions `REV#…`, and the one `SETTINGS` item).
 * Every page is listed through the byDate index (gsi1pk `PAGES`), which a key-prefixed grant does
 * not cover: listing is a grant on that index alone.
 */
const pagesIndex: TableGrant = { access: ['query'], index: TABLES.content.indexes.byDate.name };
/** A page or one of its kept versions, read by key. */
const pageGet: TableGrant = { access: ['get'], keyPrefixes: [KEY_PREFIXES.page] };
/**
 * Saving a draft: the page and the version it replaces written in one transaction (PutItem each),
 * then the versions beyond the newest 25 found (Query of the page's partition) and deleted.
 */
/**
 * A page or settings save shows only images the library still holds: their `MEDIA#` records read
 * in one BatchGetItem, and a page's write checks each still exists in its transaction
 * (ConditionCheckItem); nothing of the library written.
 */
const libraryCheck: TableGrant = { access: ['read'], keyPrefixes: [KEY_PREFIXES.media] };
const pageDraftWriter: FunctionGrants = {
  tables: {
    content: [
      { access: ['read', 'put', 'delete'], keyPrefixes: [KEY_PREFIXES.page] },
      libraryCheck,
    ],
  },
};
/**
 * Making the site follow a page's record: its HTML written or deleted in the site bucket, its edge
 * entry (`page`/`gone`, the redirects' KeyValueStore), and its cached copies invalidated; the
 * record then marked rendered.
 */
const pageSite = { invalidateCache: true, edgeStore: true } as const satisfies FunctionGrants;
/**
 * Rendering every live page and the fixed pages with the settings (a settings change, the deploy):
 * every page listed, the settings read and marked rendered, the render function invoked, the HTML
 * put in the site bucket (deleted again when the page was retired meanwhile), the whole distribution
 * invalidated. No edge entry changes.
 */
const pagesRenderer = {
  siteFiles: ['put', 'delete'],
  invokeRender: true,
  // Rendering pages draws the share cards their titles need (the image function) before the HTML is put.
  invokeImages: true,
  invalidateCache: true,
} as const satisfies FunctionGrants;

/**
 * What lead notifications need: SES as the sender, the webhook, and the site's address for the
 * link to the lead in the admin. Creating a lead, releasing one from spam and the retry job send.
 */
const leadNotifier: FunctionGrants = { sendMail: true, leadWebhook: true, siteUrl: true };
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
const leadStatsKeys = [...STATS_KEY_PREFIXES.leadFigures, ...STATS_KEY_PREFIXES.counted];
/** Counting a lead: ADD on its counters and Put of its marker, never a read. */
const leadStatsWrite: TableGrant = { access: ['write'], keyPrefixes: leadStatsKeys };
/** Correcting the counts of a lead: first reading whether it was counted at all (its marker). */
const leadStatsCorrect: TableGrant = {
  access: ['read', 'write'],
  keyPrefixes: leadStatsKeys,
};
const leadsRead: TableGrant = { access: ['read'] };
/**
 * Changing a lead with a history entry: the entry is written first and deleted again when the
 * lead's conditional update is refused (erased meanwhile), so the history shows only what happened.
 */
const leadHistoryWriter: TableGrant = { access: ['read', 'write', 'delete'] };

const contentRead: TableGrant = { access: ['read'] };

/**
 * Managing one kind of taxonomy: only that kind's records (its items, id counter and name guards
 * all start with its prefix), never posts. Each change is one TransactWriteItems, which IAM checks
 * action by action against these same keys: an add puts the item and its name guard; a rename
 * updates the item, puts the new guard and deletes the old; a delete deletes both. A rename
 * refreshes the cached blog pages that show the name.
 */
const taxonomyWriter = (
  prefix: string,
  access: readonly TableAccess[],
  invalidateCache = false,
): FunctionGrants => ({
  tables: { content: { access, keyPrefixes: [prefix] } },
  ...(invalidateCache ? { invalidateCache } : {}),
});
/**
 * What every post writer does: one TransactWriteItems per save, which IAM checks action by action
 * (PutItem of the post, its revision and slug guard; UpdateItem of usage counts and `MEDIA#` image
 * claims; DeleteItem of the old slug guard), then trim the oldest revisions (delete), refresh the
 * cached pages, and release the images only the dropped content showed (their `MEDIA#` records and
 * `images/` objects; banners from before the media library too).
 */
const postChanger: FunctionGrants = {
  tables: { content: { access: ['read', 'write', 'delete'] }, views: { access: ['read'] } },
  media: { images: ['delete'], banners: ['delete'] },
  invalidateCache: true,
  // A published post's new slug redirects its old address; a post live again drops its redirect.
  edgeStore: true,
  sitePages: true,
};
/**
 * Creating and updating also take a spec multipart `banner_image`: written to `uploads/`, checked
 * and processed by the image function like a direct upload (read, invoke), then deleted. Nothing
 * writes `banners/` any more: that prefix only shrinks, as banners are replaced or migrated.
 */
const postWriter: FunctionGrants = {
  ...postChanger,
  media: { ...postChanger.media, uploads: ['put', 'read', 'delete'] },
  mediaList: true,
  invokeImages: true,
};
/**
 * The media library's records (`MEDIA#…`) with `access`, and posts (`POST#…`) read only: an image
 * is answered with the titles of the posts that show it (409 names them too).
 */
const mediaRecords = (access: readonly TableAccess[]): TableGrant[] => [
  { access, keyPrefixes: [KEY_PREFIXES.media] },
  { access: ['read'], keyPrefixes: [KEY_PREFIXES.post] },
];
const postReader: FunctionGrants = {
  tables: { content: contentRead, views: { access: ['read'] } },
};
/** Writing a post's state without touching images: the post and its category and author counts. */
const postReaderWriter: FunctionGrants = {
  tables: { content: { access: ['read', 'write'] }, views: { access: ['read'] } },
};
/**
 * Purging a trashed post: the post, its slug guard and revisions deleted, its view counter, its
 * claim on library images released and an image nothing else shows deleted with its objects (and
 * a banner from before the library). Nothing public shows a trashed post: no invalidation.
 */
const trashPurger: FunctionGrants = {
  tables: {
    content: { access: ['read', 'write', 'delete'] },
    views: { access: ['delete'] },
  },
  media: { images: ['delete'], banners: ['delete'] },
};

/**
 * Keys of the team table (`@agency/lambdas/tables`): each staff account's record (`MEMBER#<sub>`)
 * and the lease that serialises team changes (`TEAM`/`LOCK`).
 */
export const TEAM_KEY_PREFIXES = TABLE_KEY_PREFIXES.team;

/**
 * Every staff call reads its caller's account record, by key and consistently (disabled, signed out
 * everywhere, TOTP enrolled: lambdas/src/platform/staff/auth.ts). Nothing else of the team table.
 */
const accountCheck: TableGrant = { access: ['get'], keyPrefixes: [TEAM_KEY_PREFIXES.member] };
/**
 * Changing account records field by field: password and TOTP changes and signing out everywhere
 * move `validAfter` and `mfa`; nothing creates or deletes a record but by UpdateItem.
 */
const accountUpdate: TableGrant = { access: ['update'], keyPrefixes: [TEAM_KEY_PREFIXES.member] };
/**
 * The end of every sign-in: the account record is read (a disabled one is refused there) and
 * learns the e-mail, name and TOTP state Cognito reports.
 */
const accountSignIn: TableGrant = {
  access: ['get', 'update'],
  keyPrefixes: [TEAM_KEY_PREFIXES.member],
};
/**
 * The failed sign-ins per e-mail (`LOGIN#`): checked, counted, cleared on success; and the
 * counters per client IP (`RATE#sign-in-ip:…`, `RATE#audit-ip:…`): checked and counted.
 */
const loginThrottle: TableGrant = {
  access: ['read', 'write', 'delete'],
  keyPrefixes: [KEY_PREFIXES.login, KEY_PREFIXES.rate],
};
/** A failed step's typed identifier is recorded in full only when it is an account's e-mail. */
const accountLookup = ['cognito-idp:AdminGetUser'] as const;
/** A password guess outside sign-in (changing the password, turning TOTP off): checked and counted. */
const loginThrottleCount: TableGrant = {
  access: ['read', 'write'],
  keyPrefixes: [KEY_PREFIXES.login],
};
/**
 * The team lease (`TEAM`/`LOCK`): taken with a conditional PutItem, released with DeleteItem, so
 * two admins' changes run one after the other and cannot both remove the last other admin.
 */
const teamLease: TableGrant = { access: ['put', 'delete'], keyPrefixes: [TEAM_KEY_PREFIXES.lease] };
/** Finding a member: the pool's users and the members of each staff group. */
const teamListing = ['cognito-idp:ListUsers', 'cognito-idp:ListUsersInGroup'];

/**
 * Per-operation permissions, keyed by contract operation name. An operation missing here gets no
 * permission at all, so a new contract operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: Partial<Record<OperationName, FunctionGrants>> = {
  // Every sign-in step ends in the account record; a disabled account's new refresh token is revoked.
  // The steps that count failed sign-ins (LOGIN#…) key them by a hash under a key derived from the
  // captcha key, so they read it too (lambdas/src/modules/accounts/adapters/login-throttle.ts).
  login: {
    captchaKey: true,
    cognitoLogin: true,
    cognitoRevoke: true,
    cognitoUser: ['GetUser'],
    cognitoAdmin: [...accountLookup],
    tables: { content: loginThrottle, team: accountSignIn },
  },
  // The code step: a wrong code counts toward the same throttle as a wrong password.
  loginMfa: {
    captchaKey: true,
    cognitoRevoke: true,
    cognitoUser: ['RespondToAuthChallenge', 'GetUser'],
    cognitoAdmin: [...accountLookup],
    tables: { content: loginThrottle, team: accountSignIn },
  },
  loginNewPassword: {
    captchaKey: true,
    cognitoRevoke: true,
    cognitoUser: ['RespondToAuthChallenge', 'GetUser'],
    cognitoAdmin: [...accountLookup],
    tables: { content: loginThrottle, team: accountSignIn },
  },
  // Limited per e-mail and per client IP (RATE#reset-…, RATE#audit-ip:…); Cognito e-mails the
  // code through SES.
  forgotPassword: {
    cognitoUser: ['ForgotPassword'],
    cognitoAdmin: [...accountLookup],
    tables: { content: { access: ['write'], keyPrefixes: [KEY_PREFIXES.rate] } },
  },
  // A reset ends every session from before it: the account is found by e-mail (the caller has no
  // token), its record refuses older tokens and its refresh tokens are revoked; the e-mail's
  // failed sign-ins are forgotten.
  // Wrong codes are limited per account (RATE#reset-code:…, checked and counted).
  resetPassword: {
    captchaKey: true,
    cognitoUser: ['ConfirmForgotPassword'],
    cognitoAdmin: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut'],
    tables: {
      content: {
        access: ['get', 'update', 'delete'],
        keyPrefixes: [KEY_PREFIXES.login, KEY_PREFIXES.rate],
      },
      team: accountUpdate,
    },
  },
  // The session cookie's refresh token renews the access token.
  refreshSession: { cognitoLogin: true },
  // Signing out refuses the session's access tokens from now on (its origin_jti, beside the
  // account record: learnt by renewing once), then revokes its refresh token.
  logoutSession: {
    cognitoLogin: true,
    cognitoRevoke: true,
    tables: { team: { access: ['put'], keyPrefixes: [TEAM_KEY_PREFIXES.member] } },
  },
  // The signed-in person's own account, with their own access token.
  getUserData: { cognitoUser: ['GetUser'] },
  changePassword: {
    captchaKey: true,
    cognitoUser: ['GetUser', 'ChangePassword'],
    tables: { content: loginThrottleCount },
  },
  setupMfa: { cognitoUser: ['GetUser', 'AssociateSoftwareToken'] },
  verifyMfa: {
    cognitoUser: ['GetUser', 'VerifySoftwareToken', 'SetUserMFAPreference'],
    tables: { team: accountUpdate },
  },
  // Proving the password and a current code takes a fresh sign-in, whose refresh token is revoked.
  disableMfa: {
    captchaKey: true,
    cognitoLogin: true,
    cognitoRevoke: true,
    cognitoUser: ['GetUser', 'RespondToAuthChallenge', 'SetUserMFAPreference'],
    tables: { content: loginThrottleCount, team: accountUpdate },
  },
  signOutEverywhere: { cognitoUser: ['GetUser', 'GlobalSignOut'], tables: { team: accountUpdate } },
  // The name is the pool's `name` attribute, set with the person's own token; the record keeps a copy.
  setDisplayName: {
    cognitoUser: ['GetUser', 'UpdateUserAttributes'],
    tables: { team: accountUpdate },
  },
  // The team, through the user pool's admin API; TOTP state and the rest from the account records.
  listTeam: {
    cognitoAdmin: teamListing,
    tables: { team: { access: ['get'], keyPrefixes: [TEAM_KEY_PREFIXES.member] } },
  },
  // The pool e-mails the temporary password; a user who could not join the group is deleted again.
  inviteMember: {
    cognitoAdmin: [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminDeleteUser',
    ],
  },
  // A role change or disabling ends the member's sessions (validAfter, refresh tokens revoked).
  updateMember: {
    cognitoAdmin: [
      ...teamListing,
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
    ],
    tables: { team: [accountSignIn, teamLease] },
  },
  signOutMember: {
    cognitoAdmin: [...teamListing, 'cognito-idp:AdminUserGlobalSignOut'],
    tables: { team: accountSignIn },
  },
  // The record stays, disabled, so a token the removed member still holds is refused.
  removeMember: {
    cognitoAdmin: [...teamListing, 'cognito-idp:AdminDeleteUser'],
    tables: { team: [accountUpdate, teamLease] },
  },
  // The audit trail, read only: the table and its byActor and byAction indexes.
  listAudit: { tables: { audit: { access: ['read'] } } },
  listPosts: postReader,
  getPost: postReader,
  previewPost: postReader,
  listRevisions: { tables: { content: contentRead } },
  getRevision: { tables: { content: contentRead } },
  restoreRevision: postChanger,
  // The total of the spec, and the post's counter of the day for the dashboard.
  increaseView: {
    tables: {
      content: contentRead,
      views: { access: ['write'] },
      stats: { access: ['write'], keyPrefixes: STATS_KEY_PREFIXES.views },
    },
  },
  createPost: postWriter,
  updatePost: postWriter,
  // Deleting moves the post to the Trash: one write, its category and author given back, its
  // public pages invalidated. Restoring claims them again and answers the post with its views.
  deletePost: {
    tables: { content: { access: ['read', 'write'] } },
    invalidateCache: true,
  },
  untrashPost: postReaderWriter,
  // Purging deletes the post, its slug guard, revisions, view counter and the images nothing else shows.
  purgePost: trashPurger,
  // The media library. Uploading signs a POST form for one `uploads/` key (a presigned POST carries
  // the signer's permission, so the signer may put uploads and nothing else); confirming checks the
  // upload's bytes, pins them (a `MEDIA#` item, dropped again when they are refused), has the image
  // function make the variants, registers the record and deletes the upload; deleting an unused
  // image removes its record and its objects.
  createUpload: { media: { uploads: ['put'] } },
  confirmUpload: {
    tables: { content: mediaRecords(['read', 'write', 'delete']) },
    media: { uploads: ['read', 'delete'] },
    mediaList: true,
    invokeImages: true,
  },
  // The list shows where each image is used (post titles, and the pages and site settings it reads
  // through the byDate index and by key).
  listMedia: { tables: { content: contentRead } },
  // A delete reads the pages and settings and deletes the record in one transaction that checks
  // each page read is unchanged (ConditionCheckItem, a read).
  deleteMedia: {
    tables: {
      content: [contentRead, { access: ['write', 'delete'], keyPrefixes: [KEY_PREFIXES.media] }],
    },
    media: { images: ['delete'] },
  },
  updateMedia: { tables: { content: mediaRecords(['read', 'write']) } },
  listCategories: { tables: { content: contentRead } },
  listAuthors: { tables: { content: contentRead } },
  createCategory: taxonomyWriter(TAXONOMY_PREFIXES.category, ['read', 'write']),
  renameCategory: taxonomyWriter(TAXONOMY_PREFIXES.category, ['read', 'write', 'delete'], true),
  deleteCategory: taxonomyWriter(TAXONOMY_PREFIXES.category, ['read', 'delete']),
  createAuthor: taxonomyWriter(TAXONOMY_PREFIXES.author, ['read', 'write']),
  renameAuthor: taxonomyWriter(TAXONOMY_PREFIXES.author, ['read', 'write', 'delete'], true),
  deleteAuthor: taxonomyWriter(TAXONOMY_PREFIXES.author, ['read', 'delete']),
  // A new lead is stored and counted (never read back: a visitor cannot list leads), then notified.
  createLead: {
    tables: {
      leads: { access: ['write'] },
      stats: leadStatsWrite,
      content: { access: ['write'], keyPrefixes: [KEY_PREFIXES.rate, KEY_PREFIXES.altcha] },
    },
    ...leadNotifier,
    captchaKey: true,
  },
  // The inbox reads its page and how many leads each status holds (not the weekly figures).
  listLeads: {
    tables: {
      leads: leadsRead,
      stats: { access: ['read'], keyPrefixes: STATS_KEY_PREFIXES.leadStatuses },
    },
  },
  exportLeads: { tables: { leads: leadsRead } },
  getLead: { tables: { leads: leadsRead } },
  // A status change moves the status counters and, out of spam, notifies at once. The admin's
  // e-mail for the history comes from Cognito GetUser with their own token: no IAM.
  setLeadStatus: {
    tables: { leads: leadHistoryWriter, stats: leadStatsCorrect },
    ...leadNotifier,
  },
  addLeadNote: { tables: { leads: leadHistoryWriter } },
  // Erasing deletes the lead and its history, records the erasure and takes it off the counters.
  eraseLead: {
    tables: { leads: { access: ['read', 'write', 'delete'] }, stats: leadStatsCorrect },
  },
  // The aggregates, and the titles of the most viewed posts (posts only, not the other records).
  getDashboard: {
    tables: {
      // The figures, not the markers of counted leads.
      stats: {
        access: ['read'],
        keyPrefixes: [...STATS_KEY_PREFIXES.leadFigures, ...STATS_KEY_PREFIXES.views],
      },
      content: { access: ['read'], keyPrefixes: [KEY_PREFIXES.post] },
    },
  },
  getCaptchaChallenge: { captchaKey: true },
  // Redirects: the table of record in the content table, then the edge's KeyValueStore. The list
  // shows the store's use of its 5 MB (DescribeKeyValueStore).
  listRedirects: {
    tables: { content: { access: ['read'], keyPrefixes: [KEY_PREFIXES.redirect] } },
    edgeStore: true,
  },
  createRedirect: redirectChecker,
  updateRedirect: redirectChecker,
  deleteRedirect: redirectWriter,
  // The log through the byDate index (gsi1pk NOTFOUND, most hit first), redirected paths left out.
  listNotFound: { tables: { content: contentRead } },
  dismissNotFound: {
    tables: { content: { access: ['delete'], keyPrefixes: [KEY_PREFIXES.notFound] } },
  },
  // Reads the log as listNotFound does, and deletes its entries as dismissNotFound does.
  dismissAllNotFound: {
    tables: {
      content: [contentRead, { access: ['delete'], keyPrefixes: [KEY_PREFIXES.notFound] }],
    },
  },
  // Marketing pages. The lists read the byDate index only; the editor's reads are by key.
  listPages: { tables: { content: pagesIndex } },
  listLivePages: { tables: { content: pagesIndex } },
  getPage: { tables: { content: pageGet } },
  getPageRevision: { tables: { content: pageGet } },
  listPageRevisions: {
    tables: { content: { access: ['read'], keyPrefixes: [KEY_PREFIXES.page] } },
  },
  getSiteSettings: {
    tables: { content: { access: ['get'], keyPrefixes: [KEY_PREFIXES.siteSettings] } },
  },
  // The render function's read of the published settings for the blog pages: the same one item.
  getLiveSiteSettings: {
    tables: { content: { access: ['get'], keyPrefixes: [KEY_PREFIXES.siteSettings] } },
  },
  updatePage: pageDraftWriter,
  // Checking links: each path looked up by key (a page, a redirect, a post's slug and the post),
  // the build's own paths from SITE_PAGE_PATHS; nothing written.
  checkPageLinks: {
    tables: {
      content: [
        { access: ['get'], keyPrefixes: [KEY_PREFIXES.page, KEY_PREFIXES.redirect] },
        { access: ['read'], keyPrefixes: [KEY_PREFIXES.post, KEY_PREFIXES.slug] },
      ],
    },
    sitePages: true,
  },
  restorePageRevision: pageDraftWriter,
  // A new page copies a template and takes a free address: no page, redirect or post's slug there
  // (each read by key), none of the build's own paths (SITE_PAGE_PATHS); one conditional PutItem.
  createPage: {
    tables: {
      content: [
        {
          access: ['get'],
          keyPrefixes: [KEY_PREFIXES.page, KEY_PREFIXES.redirect, KEY_PREFIXES.slug],
        },
        { access: ['put'], keyPrefixes: [KEY_PREFIXES.page] },
        libraryCheck,
      ],
    },
    sitePages: true,
  },
  // Publishing: the record written (a conditional PutItem, then UpdateItem once rendered), the
  // settings read, the page rendered and put in the site bucket; a redirect from its address is
  // dropped as every redirect write is (the graph's version item read and put in the same
  // transaction as the conditional DeleteItem; the redirects counted once if the item is missing).
  publishPage: {
    tables: {
      content: [
        { access: ['get'], keyPrefixes: [KEY_PREFIXES.page, KEY_PREFIXES.siteSettings] },
        { access: ['write'], keyPrefixes: [KEY_PREFIXES.page] },
        { access: ['read', 'put', 'delete'], keyPrefixes: [KEY_PREFIXES.redirect] },
        libraryCheck,
      ],
    },
    ...pageSite,
    // Delete: a page retired while it was rendered loses the HTML this put brought back.
    siteFiles: ['put', 'delete'],
    invokeRender: true,
    // Rendering pages draws the share cards their titles need (the image function) before the HTML is put.
    invokeImages: true,
  },
  // Retiring: the record written, the page's HTML deleted from the site bucket, then either a
  // redirect to `redirect_to` (written like any redirect: the redirects read, those leading to the
  // page collapsed, the 404 entry dropped) or an edge entry `gone` for a path the build lists.
  deletePage: {
    tables: {
      content: [
        { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.page] },
        { access: ['read', 'put'], keyPrefixes: [KEY_PREFIXES.redirect] },
        { access: ['delete'], keyPrefixes: [KEY_PREFIXES.notFound] },
      ],
    },
    ...pageSite,
    siteFiles: ['delete'],
    sitePages: true,
  },
  // Scheduling a page: its record read and written back with the time (a conditional PutItem).
  schedulePage: pageDraftWriter,
  // Moving a page: the free new address checked as createPage does (a redirect, a post's slug, the
  // build's paths), the record written there and published as publishPage does, then the old
  // address retired as deletePage does (its 301 to the new one written through the redirect graph).
  movePage: {
    tables: {
      content: [
        {
          access: ['get'],
          keyPrefixes: [KEY_PREFIXES.siteSettings, KEY_PREFIXES.slug],
        },
        { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.page] },
        { access: ['read', 'put', 'delete'], keyPrefixes: [KEY_PREFIXES.redirect] },
        { access: ['delete'], keyPrefixes: [KEY_PREFIXES.notFound] },
      ],
    },
    ...pageSite,
    siteFiles: ['put', 'delete'],
    invokeRender: true,
    // Rendering pages draws the share cards their titles need (the image function) before the HTML is put.
    invokeImages: true,
    sitePages: true,
  },
  // Restoring a retired page: the record written back as a draft, the redirect its retirement left
  // dropped (the redirects read and written, the edge following), its HTML kept off the site.
  restorePage: {
    tables: {
      content: [
        { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.page] },
        { access: ['read', 'put', 'delete'], keyPrefixes: [KEY_PREFIXES.redirect] },
      ],
    },
    ...pageSite,
    siteFiles: ['delete'],
    sitePages: true,
  },
  // Who has an editor open: the caller's mark put, the subject's marks queried; the goodbye deletes it.
  heartbeatPresence: {
    tables: { content: { access: ['read', 'put'], keyPrefixes: [KEY_PREFIXES.presence] } },
  },
  leavePresence: {
    tables: { content: { access: ['delete'], keyPrefixes: [KEY_PREFIXES.presence] } },
  },
  // The settings: read, written (conditional PutItem), every page rendered with them, then marked rendered.
  updateSiteSettings: {
    tables: {
      content: [
        pagesIndex,
        { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.siteSettings] },
        libraryCheck,
      ],
    },
    ...pagesRenderer,
  },
};

/** The lead delivery retry job: finds leads with a pending channel, sends them, marks them sent. */
export const RETRY_JOB_GRANTS: FunctionGrants = {
  tables: { leads: { access: ['read', 'write'] } },
  ...leadNotifier,
};

/** The SES events worker: marks a bounced lead e-mail on its lead (UpdateItem of lead items only). */
export const MAIL_EVENTS_GRANTS: FunctionGrants = {
  tables: { leads: { access: ['update'], keyPrefixes: [TABLE_KEY_PREFIXES.leads.lead] } },
};

/**
 * The 404 log's job, run by the access-log bucket for each CloudFront log file it receives: reads
 * that file (ACCESS_LOG_READ), asks whether each 404 path is redirected (GetItem of redirects), and
 * writes the path's entry and the file's mark beside it (one transaction of a conditional PutItem
 * and an UpdateItem, both under NOTFOUND#; the entry read back by key for its order in the log).
 */
export const NOT_FOUND_LOG_GRANTS: FunctionGrants = {
  tables: {
    content: [
      { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.notFound] },
      { access: ['get'], keyPrefixes: [KEY_PREFIXES.redirect] },
    ],
  },
};

/**
 * What the 404 log's job may read of the access-log bucket: `s3:GetObject` on CloudFront's log
 * files (the distribution's `logFilePrefix`), nothing else there (not the buckets' S3 access logs).
 */
export const ACCESS_LOG_READ = { actions: ['s3:GetObject'], prefix: 'cloudfront/' } as const;

/** The alarm topic's copy to the lead webhook's channel: reads the webhook's SSM parameters, nothing else. */
export const ALARM_WEBHOOK_GRANTS: FunctionGrants = { leadWebhook: true };

/**
 * The lead statistics backfill (run once per deploy that changes it): counts the leads stored
 * before the dashboard's aggregates existed, marking each lead it counted, and itself done.
 */
export const BACKFILL_LEAD_STATS_GRANTS: FunctionGrants = {
  tables: {
    leads: leadsRead,
    stats: leadStatsWrite,
    // Its done marker: a complete run is not repeated by later deploys.
    content: { access: ['read', 'write'], keyPrefixes: [KEY_PREFIXES.job] },
  },
};

/** The Trash's hourly job: purges posts trashed more than 30 days ago, as `purgePost` does. */
export const PURGE_TRASH_JOB_GRANTS: FunctionGrants = trashPurger;

/**
 * The publishing job: finds scheduled posts that are due, publishes them, invalidates their pages,
 * and drops a redirect from the address a post now answers at (a conditional delete of its
 * `REDIRECT` item, then the edge store).
 */
export const PUBLISH_JOB_GRANTS: FunctionGrants = {
  tables: {
    content: [
      { access: ['read', 'write'] },
      { access: ['delete'], keyPrefixes: [KEY_PREFIXES.redirect, KEY_PREFIXES.notFound] },
    ],
  },
  invalidateCache: true,
  edgeStore: true,
  // It also makes live the page changes the site does not show yet (a publish, a retirement or a
  // settings change whose render failed), and publishes the pages whose scheduled time has come:
  // what publishPage, deletePage and updateSiteSettings do.
  // Read: each live page's HTML object says what it was rendered from (HEAD), compared with the records.
  siteFiles: ['put', 'delete', 'read'],
  invokeRender: true,
  // Rendering pages draws the share cards their titles need (the image function) before the HTML is put.
  invokeImages: true,
  sitePages: true,
};

/**
 * The redirect store's rebuild (after each deploy, and every hour): reads every redirect and the posts of their
 * sources, deletes those whose source is live again, and makes the KeyValueStore equal the table.
 */
export const REBUILD_REDIRECTS_GRANTS: FunctionGrants = {
  ...redirectChecker,
  tables: {
    content: [
      // The pages' edge entries: every page, listed through the byDate index.
      ...[redirectChecker.tables?.content ?? []].flat(),
      pagesIndex,
    ],
  },
};

/**
 * What each scheduled job may do, by its name in the lambdas' job list (SCHEDULED_JOBS of
 * `@agency/lambdas/functions`): a new job does not deploy until it is given its grants here.
 */
export const SCHEDULED_JOB_GRANTS: Record<ScheduledJobName, FunctionGrants> = {
  'retry-lead-emails': RETRY_JOB_GRANTS,
  'publish-scheduled-posts': PUBLISH_JOB_GRANTS,
  'purge-trash': PURGE_TRASH_JOB_GRANTS,
  'rebuild-redirects': REBUILD_REDIRECTS_GRANTS,
};

/**
 * The marketing pages' deploy job: the web build's seed stored where the table has no pages (each
 * page a conditional PutItem; the settings PutItem, then UpdateItem once rendered), then every live
 * page and the fixed pages rendered with the new build, as a settings change does.
 */
export const SEED_PAGES_GRANTS: FunctionGrants = {
  tables: {
    content: [
      pagesIndex,
      { access: ['put'], keyPrefixes: [KEY_PREFIXES.page] },
      { access: ['get', 'write'], keyPrefixes: [KEY_PREFIXES.siteSettings] },
    ],
  },
  ...pagesRenderer,
};

/**
 * The image function: reads the raw upload it is given and writes that image's variants, and draws
 * the share cards of pages' titles it is asked for that are not there yet. It can neither read
 * the served images nor delete anything: the caller owns the upload's lifecycle.
 */
export const IMAGE_FUNCTION_GRANTS: FunctionGrants = {
  // Cards drawn from page titles: read (is it there yet?) and written once (`cards/`).
  media: { uploads: ['read'], images: ['put'], cards: ['read', 'put'] },
  // A missing card must answer 404 (drawn), not 403 (refused): S3 tells them apart only to a lister.
  mediaList: true,
};

/** A staff operation: one the access table lists (auth 'admin', or a public one with an admin view). */
export const isStaffOperation = (name: OperationName): boolean => groupsAllowed(name).length > 0;

/** Appending to the audit trail: PutItem on its table and nothing else (no read, change or delete). */
const auditAppend: TableGrant = { access: ['put'] };

/** `grants` with `more` added to its table grants. */
function withTables(
  grants: FunctionGrants,
  more: Partial<Record<TableName, TableGrant>>,
): FunctionGrants {
  const tables = { ...grants.tables };
  for (const name of TABLE_NAMES) {
    const extra = more[name];
    if (!extra) continue;
    const had = tables[name];
    tables[name] = had ? [...(Array.isArray(had) ? had : [had]), extra] : extra;
  }
  return { ...grants, tables };
}

/**
 * The permissions of one operation's function: its row of OPERATION_GRANTS, plus what the handler
 * wrapper does for it: reading the caller's account record on every staff call, and appending to
 * the audit trail for the audited ones.
 */
export const grantsOf = (name: OperationName): FunctionGrants =>
  withTables(OPERATION_GRANTS[name] ?? {}, {
    ...(isStaffOperation(name) ? { team: accountCheck } : {}),
    ...(writesAudit(name) ? { audit: auditAppend } : {}),
  });

/** Index names of a table, straight from TABLES. */
export const indexNamesOf = (table: TableName): string[] =>
  Object.values(TABLES[table].indexes).map((i: { name: string }) => i.name);
