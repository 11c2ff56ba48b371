import type { AuditOutcome, AuditRecord } from '@agency/shared';

/**
 * What the API keeps of a staff account besides the user pool, read on every staff call: a
 * disabled account or a token issued before `validAfter` is refused at once (Cognito access tokens
 * stay valid until they expire; API Gateway's JWT authorizer cannot know they were revoked).
 */
export interface AccountState {
  /** Cognito `sub`. */
  sub: string;
  email: string;
  name: string;
  enabled: boolean;
  /** TOTP is on. */
  mfa: boolean;
  /** Epoch seconds: access tokens issued (`iat`) before this are refused. 0: none refused. */
  validAfter: number;
}

/**
 * `validAfter` for "refuse every token issued until now". Token `iat` is in whole seconds and is
 * refused when below `validAfter`, so the current second is rounded up: a token issued earlier in
 * this same second predates the change and must not pass. (A sign-in within the same second after
 * the change is refused too and simply signs in again.)
 */
export const validAfterNow = (nowMs: number): number => Math.ceil(nowMs / 1000);

/**
 * Sessions signed out one by one (POST /api/user/session/logout), by the Cognito `origin_jti` every
 * access token of one sign-in carries (renewed ones too): Cognito's RevokeToken stops the refresh
 * token, but its access tokens stay valid for API Gateway until they expire, so the staff check
 * asks here (platform/staff/account-store.ts: beside the account record, `SESSION#<origin_jti>`).
 */
export interface SessionRevocations {
  isRevoked(sub: string, originJti: string): Promise<boolean>;
  /** Refuse the session's access tokens until `expiresAt` (epoch seconds: its last token's expiry). */
  revoke(sub: string, originJti: string, expiresAt: number): Promise<void>;
}

/** The team table's account records (platform/staff/account-store.ts). */
export interface AccountStore {
  /** The account's state, or null when none was recorded (an account from before this release). */
  get(sub: string): Promise<AccountState | null>;
  /**
   * Record what a successful sign-in learnt (e-mail, name, TOTP state); creates the record with
   * enabled = true and validAfter = 0 when there is none, and never changes those two.
   */
  recordSignIn(state: Pick<AccountState, 'sub' | 'email' | 'name' | 'mfa'>): Promise<void>;
  /** Change some fields, creating the record when there is none (missing fields: enabled, mfa false… from `base`). */
  update(
    base: Pick<AccountState, 'sub' | 'email'>,
    changes: Partial<Omit<AccountState, 'sub'>>,
  ): Promise<void>;
}

/** One audited action as the caller knows it; the log adds the id, the time and the expiry. */
export interface AuditEntry {
  actorId: string;
  actorEmail: string;
  action: string;
  target: string;
  /** The target as people know it (a post's title and slug, a file name…), when known. */
  targetLabel?: string | undefined;
  /** Which of its effects the action had (`published`, `unpublished`…), when it has several. */
  event?: string | undefined;
  ip: string;
  outcome: AuditOutcome;
  status: number;
}

/** The append-only audit trail (platform/staff/audit-log.ts): there is no way to change or delete. */
export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
}

/** Which records of the audit trail to list; absent filters match every record. */
export interface AuditFilter {
  /** An e-mail (any case) or an account id (Cognito `sub`). */
  actor?: string;
  action?: string;
  outcome?: AuditOutcome;
}

/** Reads the audit trail newest first (platform/staff/audit-log.ts); expired records never appear. */
export interface AuditReader {
  page(
    page: number,
    size: number,
    filter: AuditFilter,
    now: Date,
  ): Promise<{ items: AuditRecord[]; hasMore: boolean }>;
}

/** Who holds an access token. */
export interface Profile {
  /** The pool's user name: in a pool that signs in by e-mail, an id (the `sub`), not a name. */
  username: string;
  /** The account's id (Cognito `sub`): the key of its account record and of the audit trail. */
  sub: string;
  email: string;
  /** The person's name (the `name` attribute, else given and family name), or '' when unset. */
  name: string;
  /** The account signs in with an authenticator code (TOTP enabled in the pool). */
  mfa: boolean;
}

export const SESSION_ENDED = 'Your session has ended. Sign in again.';
