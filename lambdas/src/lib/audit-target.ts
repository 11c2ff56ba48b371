import type { OperationName } from '@agency/shared';

/**
 * What an audited operation acted on, as the audit trail shows it: `post 12`, `category 3`,
 * `lead <id>`, `media <id>`, `member <email>`. The id comes from the request, or for a create from
 * the reply (the new post's id exists only once it is answered). Operations on one's own account
 * (password, two-factor sign-in, sign-out everywhere) have no target: the actor is the target.
 */
const TARGETS: Partial<Record<OperationName, { noun: string; key: 'id' | 'email' }>> = {
  createPost: { noun: 'post', key: 'id' },
  updatePost: { noun: 'post', key: 'id' },
  deletePost: { noun: 'post', key: 'id' },
  restoreRevision: { noun: 'post', key: 'id' },
  createCategory: { noun: 'category', key: 'id' },
  renameCategory: { noun: 'category', key: 'id' },
  deleteCategory: { noun: 'category', key: 'id' },
  createAuthor: { noun: 'author', key: 'id' },
  renameAuthor: { noun: 'author', key: 'id' },
  deleteAuthor: { noun: 'author', key: 'id' },
  createUpload: { noun: 'media', key: 'id' },
  confirmUpload: { noun: 'media', key: 'id' },
  deleteMedia: { noun: 'media', key: 'id' },
  setLeadStatus: { noun: 'lead', key: 'id' },
  addLeadNote: { noun: 'lead', key: 'id' },
  eraseLead: { noun: 'lead', key: 'id' },
  inviteMember: { noun: 'member', key: 'email' },
  updateMember: { noun: 'member', key: 'email' },
  signOutMember: { noun: 'member', key: 'email' },
  removeMember: { noun: 'member', key: 'email' },
};

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
  const target = TARGETS[name];
  if (!target) return '';
  const data = reply !== null && typeof reply === 'object' ? Reflect.get(reply, 'data') : undefined;
  const value = field(input, target.key) ?? field(data, target.key);
  return oneLine(value ? `${target.noun} ${value}` : target.noun);
}
