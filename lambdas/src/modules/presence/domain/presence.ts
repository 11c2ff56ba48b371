import { PRESENCE_TTL_SECONDS, mayUse, type OperationName } from '@agency/shared';
import { forbidden } from '../../../platform/errors';

/** Someone's last heartbeat on a subject. */
export interface PresenceMark {
  user: string;
  /** When it was said, epoch ms. */
  seenAt: number;
}

export interface PresenceStore {
  /** Record that `user` has `subject` open now; `expiresAt` (epoch s) is when the mark stops counting. */
  mark(subject: string, user: string, seenAt: number, expiresAt: number): Promise<void>;
  /** Every mark on `subject` that has not expired at `now` (epoch ms). */
  marks(subject: string, now: number): Promise<PresenceMark[]>;
  remove(subject: string, user: string): Promise<void>;
}

/** The read a subject's editor makes: who may open it may say they have it open. */
const READ_OF: Readonly<Record<string, OperationName>> = {
  page: 'getPage',
  post: 'getPost',
  settings: 'getSiteSettings',
};

function checkSubject(groups: readonly string[], subject: string): void {
  const kind = subject.split(':')[0] ?? '';
  const read = READ_OF[kind];
  if (!read || !mayUse(groups, read)) throw forbidden('Your role does not allow opening this.');
}

/** Mark the caller present on `subject`; the others present (not the caller), earliest first. */
export async function heartbeat(
  store: PresenceStore,
  caller: { sub: string; groups: readonly string[] },
  subject: string,
  now: number,
): Promise<{ user: string; seen_at: string }[]> {
  checkSubject(caller.groups, subject);
  await store.mark(subject, caller.sub, now, Math.floor(now / 1000) + PRESENCE_TTL_SECONDS);
  const marks = await store.marks(subject, now);
  return marks
    .filter((m) => m.user !== caller.sub)
    .sort((a, b) => a.seenAt - b.seenAt)
    .map((m) => ({ user: m.user, seen_at: new Date(m.seenAt).toISOString() }));
}

/** The caller closed `subject`: their mark goes at once. */
export async function leave(
  store: PresenceStore,
  caller: { sub: string; groups: readonly string[] },
  subject: string,
): Promise<void> {
  checkSubject(caller.groups, subject);
  await store.remove(subject, caller.sub);
}
