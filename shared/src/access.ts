import { ADMIN_GROUP, EDITOR_GROUP } from './config-names';
import type { Role } from './constants';
import type { AuditOutcome } from './entities';
import type { Access, AuditFacts, Operation } from './contract/operation';
import { contract, operationNames, type OperationName } from './contract/index';

/**
 * Who may call what, from the contract's `access` of each operation: the Cognito groups allowed to
 * call it. The handler wrapper checks it on every call (lambdas/src/platform/staff/auth.ts), the CDK gives
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

/** The groups each access word of the contract lets in. */
const ACCESS_GROUPS: Readonly<Record<Access, readonly StaffGroup[]>> = {
  staff: [ADMIN_GROUP, EDITOR_GROUP],
  admins: [ADMIN_GROUP],
};

/**
 * Every staff operation and the groups allowed, from each contract entry's `access` (a staff
 * operation without one does not type-check: `defineOperations`). Editors write: posts,
 * categories, authors, media, redirects, pages. Leads, the team, the audit trail, retiring and
 * moving pages and the site settings are the admins'. Account calls are everyone's.
 */
export const OPERATION_ACCESS: Readonly<Partial<Record<OperationName, readonly StaffGroup[]>>> =
  Object.fromEntries(
    operationNames.flatMap((name) => {
      const access = (contract[name] as Operation).access;
      return access ? [[name, ACCESS_GROUPS[access]]] : [];
    }),
  );

/** The groups allowed to call a staff operation (empty for operations not in the table). */
export function groupsAllowed(name: OperationName): readonly StaffGroup[] {
  return OPERATION_ACCESS[name] ?? [];
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

/** What the audit trail keeps of an operation's calls (its contract entry's `audit`), or null. */
export function auditFacts(name: OperationName): AuditFacts | null {
  return (contract[name] as Operation).audit || null;
}

/**
 * The operations whose handlers record their own audit records (sign-in steps and password
 * resets: the actor is known only from what was tried).
 */
export const SIGN_IN_OPERATIONS: readonly OperationName[] = operationNames.filter(
  (name) => auditFacts(name)?.by === 'handler',
);

/**
 * Staff operations the handler wrapper records in the audit trail: those whose contract entry
 * says how (every staff write but the presence heartbeats and the link check, and the lead
 * export, which copies every lead out). Reads are not recorded.
 */
export function auditedByWrapper(name: OperationName): boolean {
  const facts = auditFacts(name);
  return facts !== null && facts.by !== 'handler';
}

/** Whether an operation's function appends to the audit trail (the wrapper's, or its own sign-in records). */
export const writesAudit = (name: OperationName): boolean => auditFacts(name) !== null;

/** How an audited call ended, from its status: 2xx success, 403 denied, 429 throttled, anything else failure. */
export function auditOutcomeOf(status: number): AuditOutcome {
  if (status >= 200 && status < 300) return 'success';
  if (status === 403) return 'denied';
  if (status === 429) return 'throttled';
  return 'failure';
}
