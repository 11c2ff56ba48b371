import { ADMIN_GROUP, EDITOR_GROUP } from './config-names';
import type { Role } from './constants';
import type { AuditOutcome } from './entities';
import type { Operation } from './contract/operation';
import { contract, type OperationName } from './contract/index';

/**
 * Who may call what: the one table that maps every staff operation to the Cognito groups allowed
 * to call it. The handler wrapper checks it on every call (lambdas/src/lib/auth.ts), the CDK gives
 * each route's JWT authorizer the scopes of the same groups (infra/lib/constructs/api.ts), and the
 * admin's navigation shows only the pages whose operations the signed-in person may use.
 */

export const STAFF_GROUPS = [ADMIN_GROUP, EDITOR_GROUP] as const;
export type StaffGroup = (typeof STAFF_GROUPS)[number];

/** The group that carries each role of the team API. */
export const ROLE_GROUP: Readonly<Record<Role, StaffGroup>> = {
  admin: ADMIN_GROUP,
  editor: EDITOR_GROUP,
};

/** The role of a token's groups: admin wins over editor; null for someone in neither group. */
export function roleOf(groups: readonly string[]): Role | null {
  if (groups.includes(ROLE_GROUP.admin)) return 'admin';
  if (groups.includes(ROLE_GROUP.editor)) return 'editor';
  return null;
}

/**
 * The access-token scope a group's members carry in AWS: the user pool's pre-token-generation
 * trigger adds it, and each staff route's JWT authorizer requires one of its groups' scopes.
 */
export const staffScope = (group: StaffGroup): string => `agency/${group}`;

/** Operations that need a staff token, or show staff more (adminView). */
type StaffOperation = {
  [N in OperationName]: (typeof contract)[N]['auth'] extends 'admin'
    ? N
    : (typeof contract)[N] extends { adminView: true }
      ? N
      : never;
}[OperationName];

const BOTH = [ADMIN_GROUP, EDITOR_GROUP] as const;
const ADMINS = [ADMIN_GROUP] as const;

/**
 * Every staff operation and the groups allowed. Editors write: posts, categories, authors, media,
 * preview, revisions. Leads, the team and the audit trail are the admins' alone. The dashboard is
 * open to both; its lead figures only to those who may list leads (the handler leaves them out).
 * Account calls (your own name, password, two-factor sign-in) are everyone's.
 */
export const OPERATION_ACCESS = {
  getUserData: BOTH,
  listPosts: BOTH,
  getPost: BOTH,
  createPost: BOTH,
  updatePost: BOTH,
  deletePost: BOTH,
  untrashPost: BOTH,
  // Trashing can be undone for 30 days; purging cannot, so it is the admins' alone.
  purgePost: ADMINS,
  previewPost: BOTH,
  listRevisions: BOTH,
  getRevision: BOTH,
  restoreRevision: BOTH,
  listCategories: BOTH,
  listAuthors: BOTH,
  createCategory: BOTH,
  renameCategory: BOTH,
  deleteCategory: BOTH,
  createAuthor: BOTH,
  renameAuthor: BOTH,
  deleteAuthor: BOTH,
  createUpload: BOTH,
  confirmUpload: BOTH,
  listMedia: BOTH,
  deleteMedia: BOTH,
  updateMedia: BOTH,
  getDashboard: BOTH,
  listLeads: ADMINS,
  getLead: ADMINS,
  setLeadStatus: ADMINS,
  addLeadNote: ADMINS,
  eraseLead: ADMINS,
  exportLeads: ADMINS,
  setupMfa: BOTH,
  verifyMfa: BOTH,
  disableMfa: BOTH,
  changePassword: BOTH,
  signOutEverywhere: BOTH,
  setDisplayName: BOTH,
  listTeam: ADMINS,
  inviteMember: ADMINS,
  updateMember: ADMINS,
  signOutMember: ADMINS,
  removeMember: ADMINS,
  listAudit: ADMINS,
  // Addresses are content: editors rename posts (which makes redirects) and work through the 404 log.
  listRedirects: BOTH,
  createRedirect: BOTH,
  updateRedirect: BOTH,
  deleteRedirect: BOTH,
  listNotFound: BOTH,
  dismissNotFound: BOTH,
  // Marketing pages are content too; a page's first publish (a new address on the site), retiring
  // a page and the site-wide settings are the admins' (publishPage checks the first publish itself).
  listPages: BOTH,
  getPage: BOTH,
  updatePage: BOTH,
  publishPage: BOTH,
  createPage: BOTH,
  deletePage: ADMINS,
  restorePage: ADMINS,
  movePage: ADMINS,
  schedulePage: BOTH,
  listPageRevisions: BOTH,
  getPageRevision: BOTH,
  restorePageRevision: BOTH,
  checkPageLinks: BOTH,
  getSiteSettings: BOTH,
  updateSiteSettings: ADMINS,
  // Who else is editing: everyone who may open an editor (the handler checks the subject's read).
  heartbeatPresence: BOTH,
  leavePresence: BOTH,
} as const satisfies Record<StaffOperation, readonly StaffGroup[]>;

/** The groups allowed to call a staff operation (empty for operations not in the table). */
export function groupsAllowed(name: OperationName): readonly StaffGroup[] {
  return (OPERATION_ACCESS as Partial<Record<OperationName, readonly StaffGroup[]>>)[name] ?? [];
}

/** Whether someone with these groups may call this staff operation. */
export function mayUse(groups: readonly string[], name: OperationName): boolean {
  return groupsAllowed(name).some((g) => groups.includes(g));
}

/**
 * What an account that must enrol TOTP first (stage `requireMfa`) may still call: who it is, the
 * enrolment itself. Everything else answers 403 MFA_ENROLMENT_REQUIRED until it is done.
 */
export const MFA_ENROLMENT_OPERATIONS: readonly OperationName[] = [
  'getUserData',
  'setupMfa',
  'verifyMfa',
];

/**
 * The operations whose handlers record their own audit records (sign-in steps and password
 * resets: the actor is known only from what was tried).
 */
export const SIGN_IN_OPERATIONS: readonly OperationName[] = [
  'login',
  'loginMfa',
  'loginNewPassword',
  'forgotPassword',
  'resetPassword',
];

/** Staff writes that keep nothing anyone reads later: who has an editor open (a heartbeat). */
const NOT_AUDITED: readonly OperationName[] = ['heartbeatPresence', 'leavePresence'];

/**
 * Staff operations the handler wrapper records in the audit trail: every one that changes something
 * (not a GET) and the lead export, which copies every lead out. Reads are not recorded; neither are
 * the public operations with a staff view (getPost is a POST but reads).
 */
export function auditedByWrapper(name: OperationName): boolean {
  const op: Operation = contract[name];
  if (NOT_AUDITED.includes(name)) return false;
  return op.auth === 'admin' && (op.method !== 'GET' || name === 'exportLeads');
}

/** Whether an operation's function appends to the audit trail (the wrapper's, or its own sign-in records). */
export const writesAudit = (name: OperationName): boolean =>
  auditedByWrapper(name) || SIGN_IN_OPERATIONS.includes(name);

/** How an audited call ended, from its status: 2xx success, 403 denied, 429 throttled, anything else failure. */
export function auditOutcomeOf(status: number): AuditOutcome {
  if (status >= 200 && status < 300) return 'success';
  if (status === 403) return 'denied';
  if (status === 429) return 'throttled';
  return 'failure';
}
