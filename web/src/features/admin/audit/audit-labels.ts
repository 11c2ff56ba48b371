import {
  auditFacts,
  operationNames,
  type AuditOutcome,
  type AuditRecord,
  type LeadStatus,
  type OperationName,
} from '@agency/shared';

/**
 * What each audited action is called on the audit page, in the order its filter lists them (the
 * contract's: the sign-in steps, the account, then every write): each operation's `audit.label`.
 * The contract operation names are what the API records and filters by.
 */
export const AUDIT_ACTION_LABEL: Readonly<Partial<Record<OperationName, string>>> =
  Object.fromEntries(
    operationNames.flatMap((name) => {
      const facts = auditFacts(name);
      return facts ? [[name, facts.label]] : [];
    }),
  );

/** An action as a person reads it; an action this page does not know yet shows its name. */
export const auditActionLabel = (action: string): string =>
  (Object.hasOwn(AUDIT_ACTION_LABEL, action)
    ? AUDIT_ACTION_LABEL[action as OperationName]
    : undefined) ?? action;

/** Lead statuses in the words of an action (the pipeline's own labels are adjectives). */
const LEAD_STATUS_ACTION: Record<LeadStatus, string> = {
  new: 'Lead marked new',
  contacted: 'Lead marked contacted',
  qualified: 'Lead marked qualified',
  won: 'Lead marked won',
  lost: 'Lead marked lost',
  spam: 'Lead marked spam',
};

/**
 * What one operation did, when it can do several things (the record's `event`, written since the
 * trail kept it): each has its own words. Records without an event read as their operation.
 */
const EVENT_LABEL: Partial<Record<OperationName, Record<string, string>>> = {
  createPost: {
    created: 'Post created',
    published: 'Post created and published',
    scheduled: 'Post created and scheduled',
  },
  updatePost: {
    updated: 'Post updated',
    published: 'Post published',
    unpublished: 'Post unpublished',
    scheduled: 'Post scheduled',
  },
  deletePost: { trashed: 'Post moved to Trash', purged: 'Post deleted' },
  setLeadStatus: LEAD_STATUS_ACTION,
  updateMember: {
    enabled: 'Member enabled',
    disabled: 'Member disabled',
    role: 'Member role changed',
  },
};

/** A record's action as a person reads it: what it did when it says, else its operation. */
export function auditRecordAction(record: Pick<AuditRecord, 'action' | 'event'>): string {
  const events = Object.hasOwn(EVENT_LABEL, record.action)
    ? EVENT_LABEL[record.action as OperationName]
    : undefined;
  const said =
    record.event && events && Object.hasOwn(events, record.event)
      ? events[record.event]
      : undefined;
  return said ?? auditActionLabel(record.action);
}

/** The extra step a sign-in asked for, as the person met it (records name Cognito's challenge). */
const SIGN_IN_STEP: Record<string, string> = {
  SOFTWARE_TOKEN_MFA: 'two-factor code',
  NEW_PASSWORD_REQUIRED: 'new password',
};

const KIND_LABEL: Record<string, string> = {
  page: 'Page',
  post: 'Post',
  category: 'Category',
  author: 'Author',
  media: 'Image',
  redirect: 'Redirect',
  lead: 'Lead',
  leads: 'Leads',
};

/**
 * What a record acted on as people know it: the name recorded with it (a post's title and slug, a
 * lead's name, a file name), else the kind and id it kept (`Post 9`), a sign-in step in words, or
 * '—' for an action on one's own account.
 */
export function auditRecordTarget(record: Pick<AuditRecord, 'target' | 'target_label'>): string {
  if (record.target_label) return record.target_label;
  const { target } = record;
  if (!target) return '—';
  const [kind = '', ...rest] = target.split(' ');
  const value = rest.join(' ');
  if (kind === 'step') return SIGN_IN_STEP[value] ?? value;
  // A member is known by their e-mail, which the record kept; a 404 log entry by its address.
  if (kind === 'member' || kind === '404') return value;
  const label = Object.hasOwn(KIND_LABEL, kind) ? KIND_LABEL[kind] : undefined;
  return label ? `${label} ${value}`.trim() : target;
}

export const AUDIT_OUTCOME_LABEL: Record<AuditOutcome, string> = {
  success: 'Success',
  failure: 'Failed',
  denied: 'Denied',
  throttled: 'Throttled',
};
