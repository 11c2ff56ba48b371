import { auditFacts, type OperationName } from '@agency/shared';

/**
 * What an audited operation acted on, as the audit trail shows it: `post 12`, `category 3`,
 * `lead <id>`, `media <id>`, `member <email>`: the contract's `audit.target` of the operation. The id
 * comes from the request, or for a create from the reply (the new post's id exists only once it is
 * answered). Operations on one's own account (password, two-factor sign-in, sign-out everywhere)
 * have no target: the actor is the target.
 */
const targetOf = (name: OperationName) => auditFacts(name)?.target;

/** Request values are the caller's: a record keeps a bounded, single-line piece of them. */
const MAX_VALUE = 200;

function field(source: unknown, key: string): string | undefined {
  if (source === null || typeof source !== 'object') return undefined;
  const value: unknown = Reflect.get(source, key);
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const oneLine = (v: string) => v.replace(/[\r\n\t]+/g, ' ').slice(0, MAX_VALUE);

/**
 * The target of one audited call. `input` holds the request's fields (query, path and body,
 * validated when validation passed, else as sent); `reply` the JSON body answered, when there is one.
 */
export function auditTarget(
  name: OperationName,
  input: Record<string, unknown>,
  reply?: unknown,
): string {
  if (name === 'exportLeads') {
    const filters = Object.entries(input)
      .filter(([, v]) => typeof v === 'string' && v !== '')
      .map(([k, v]) => `${k}=${String(v)}`)
      .sort();
    return oneLine(filters.length ? `leads ${filters.join(' ')}` : 'leads');
  }
  const target = targetOf(name);
  if (!target) return '';
  const data = reply !== null && typeof reply === 'object' ? Reflect.get(reply, 'data') : undefined;
  const value = field(input, target.key) ?? field(data, target.key);
  return oneLine(value ? `${target.noun} ${value}` : target.noun);
}

/**
 * What a handler knows about its call that the request and the reply do not say: which of several
 * things the operation did (`event`) and what its object is called (`label`). Both are optional;
 * what a handler leaves out is read from the request and the reply (auditDetails).
 */
export interface AuditNote {
  event?: string | undefined;
  label?: string | undefined;
}

interface PostState {
  status: string;
  publish_at: string | null;
}

/** What the trail reads of a post a call wrote: its state and how people know it. */
type WrittenPost = PostState & { title: string; slug: string };

/**
 * What a post write did, from the post before (null: it was created) and after (null: purged):
 * the publication change when there is one, else `updated`.
 */
export function postEvent(before: PostState | null, after: PostState | null): string {
  if (!after) return 'purged';
  if (!before) return after.status === 'draft' ? 'created' : after.status;
  if (before.status === after.status) {
    return after.status === 'scheduled' && before.publish_at !== after.publish_at
      ? 'scheduled'
      : 'updated';
  }
  if (after.status === 'trashed') return 'trashed';
  if (before.status === 'trashed') return 'untrashed';
  if (after.status === 'published') return 'published';
  if (before.status === 'published') return 'unpublished';
  return after.status === 'scheduled' ? 'scheduled' : 'updated';
}

/** A post as people know it: its title and its address (slug) at that time. */
export const postLabel = (post: { title: string; slug: string }): string =>
  oneLine(`${post.title} (${post.slug})`);

/**
 * Collects the post writes of one call (the domain tells `saved` of each, with the version it
 * replaced), so the handler can say what the call did: `published`, `unpublished`, `trashed`…
 */
export function watchPostWrites<D extends object, P extends WrittenPost = WrittenPost>(
  deps: D,
): {
  deps: D & { saved: (before: P, after: P | null) => void };
  note: () => AuditNote;
} {
  let first: P | undefined;
  let last: P | null | undefined;
  const saved = (before: P, after: P | null) => {
    if (first === undefined) first = before;
    last = after;
  };
  return {
    deps: { ...deps, saved },
    note: () => {
      if (first === undefined || last === undefined) return {};
      return { event: postEvent(first, last), label: postLabel(last ?? first) };
    },
  };
}

const dataOf = (reply: unknown): unknown =>
  reply !== null && typeof reply === 'object' ? Reflect.get(reply, 'data') : undefined;

/** The reply field that names each kind of object, when the reply carries the object. */
function labelFromReply(name: OperationName, input: Record<string, unknown>, data: unknown) {
  switch (targetOf(name)?.noun) {
    case 'post': {
      const title = field(data, 'title');
      const slug = field(data, 'slug');
      return title && slug ? postLabel({ title, slug }) : undefined;
    }
    case 'category':
      return field(data, 'category');
    case 'author':
      return field(data, 'name');
    case 'media':
      return field(data, 'filename') ?? field(input, 'filename');
    case 'lead':
      return field(data, 'name');
    case 'member': {
      const member = field(data, 'name');
      const email = field(data, 'email') ?? field(input, 'email');
      return member && email ? `${member} <${email}>` : undefined;
    }
    default:
      return undefined;
  }
}

/** What an operation did when the request or the reply says it (a handler's note says it better). */
function eventFrom(name: OperationName, input: Record<string, unknown>, data: unknown) {
  switch (name) {
    case 'createPost': {
      const status = field(data, 'status');
      return status ? postEvent(null, { status, publish_at: null }) : undefined;
    }
    case 'setLeadStatus':
      return field(input, 'status');
    case 'updateMember': {
      const enabled = Reflect.get(input, 'enabled');
      if (enabled === true || enabled === 'true') return 'enabled';
      if (enabled === false || enabled === 'false') return 'disabled';
      return field(input, 'role') ? 'role' : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The record's target label and event for one audited call: the handler's note first, then
 * what the request and (for a success) the reply say. Absent fields stay out of the record.
 */
export function auditDetails(
  name: OperationName,
  input: Record<string, unknown>,
  reply: unknown,
  note: AuditNote = {},
): { targetLabel?: string; event?: string } {
  const data = dataOf(reply);
  const label = note.label ?? labelFromReply(name, input, data);
  const event = note.event ?? eventFrom(name, input, data);
  return {
    ...(label ? { targetLabel: oneLine(label) } : {}),
    ...(event ? { event: oneLine(event) } : {}),
  };
}
