import * as z from 'zod';
import { LEAD_STATUSES, ROLES } from './constants';
import { DIRECT_SOURCE } from './lead-source';

export const category = z.object({ id: z.number().int(), category: z.string() });
export type Category = z.infer<typeof category>;

export const author = z.object({ id: z.number().int(), name: z.string() });
export type Author = z.infer<typeof author>;

/**
 * Where a post is in its life: `draft` (never public), `scheduled` (public from `publish_at`, moved
 * there by the per-minute job), `published` (public since `publish_at`) or `trashed` (deleted: never
 * public, restorable for TRASH_DAYS, then purged).
 */
export const POST_STATUSES = ['draft', 'scheduled', 'published', 'trashed'] as const;
export const postStatus = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof postStatus>;
/** The statuses a save may ask for: a post reaches the Trash only by deleting it. */
export const WRITABLE_POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type WritablePostStatus = (typeof WRITABLE_POST_STATUSES)[number];

export const loginResult = z.object({ username: z.string(), email: z.string(), token: z.string() });
export type LoginResult = z.infer<typeof loginResult>;

/**
 * A sign-in that needs one more step: the authenticator code (`SOFTWARE_TOKEN_MFA`) or, at an
 * invited member's first sign-in, a new password (`NEW_PASSWORD_REQUIRED`). `session` is opaque:
 * it goes back with the step's answer within AUTH_CHALLENGE_MINUTES.
 */
export const LOGIN_CHALLENGES = ['SOFTWARE_TOKEN_MFA', 'NEW_PASSWORD_REQUIRED'] as const;
export const loginChallenge = z.object({
  challenge: z.enum(LOGIN_CHALLENGES),
  session: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallenge>;
/** What a sign-in step answers: the session, or the next step. */
export const loginAnswer = z.union([loginResult, loginChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** The signed-in staff member, as the admin shows them and decides what to offer. */
export const userData = z.object({
  /** The person's name where the account has one, else the e-mail (spec: the session's name). */
  username: z.string(),
  email: z.string(),
  groups: z.array(z.string()),
  name: z.string(),
  role: z.enum(ROLES).nullable(),
  /** Whether the account signs in with an authenticator code. */
  mfa: z.boolean(),
  /** The stage requires TOTP and this account has not enrolled yet: nothing else works until it does. */
  mfa_required: z.boolean(),
  /** The stage requires TOTP of every account (`requireMfa`): once on, it cannot be turned off. */
  mfa_enforced: z.boolean(),
});
export type UserData = z.infer<typeof userData>;

/** `active`: signs in; `invited`: has not set a password yet (temporary password sent). */
export const MEMBER_STATUSES = ['active', 'invited'] as const;
/** A member of the agency's team, as the team page lists them. */
export const teamMember = z.object({
  email: z.string(),
  name: z.string(),
  /** null: in neither staff group (can sign in to nothing). */
  role: z.enum(ROLES).nullable(),
  enabled: z.boolean(),
  status: z.enum(MEMBER_STATUSES),
  mfa: z.boolean(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

/**
 * How an audited action ended: done; refused as invalid or failed (`failure`, e.g. a wrong
 * password); refused for the caller's role (`denied`); refused by a throttle (`throttled`).
 */
export const AUDIT_OUTCOMES = ['success', 'failure', 'denied', 'throttled'] as const;
export const auditOutcome = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof auditOutcome>;
/** One record of the audit trail: who did what to what, from where, and how it ended. */
export const auditRecord = z.object({
  id: z.string(),
  /** ISO time. */
  at: z.string(),
  /** The account's id (Cognito `sub`), '' when none is known (a failed sign-in of an unknown e-mail). */
  actor_id: z.string(),
  /** The actor's e-mail at that time (the e-mail tried, for sign-ins). */
  actor_email: z.string(),
  /** The operation's name in the contract (`createPost`, `login`…). */
  action: z.string(),
  /** What it acted on (`post 12`, `lead <id>`, `member a@b.c`…), '' when nothing in particular. */
  target: z.string(),
  /**
   * The target as people know it at that time (a post's title and slug, a lead's name, a file
   * name); absent on records from before it was kept, and when nothing better than `target` is known.
   */
  target_label: z.string().optional(),
  /**
   * What the action did when one operation does several things (`updatePost`: `published`,
   * `unpublished`, `scheduled`, `updated`…; `setLeadStatus`: the new status); absent otherwise.
   */
  event: z.string().optional(),
  ip: z.string(),
  outcome: auditOutcome,
  /** The HTTP status answered. */
  status: z.number().int(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

/**
 * Delivery of a lead to one channel (the agency e-mail, the webhook): `pending` until sent (the
 * retry job keeps trying), `sent` once, `held` while the lead is spam (released by "Not spam"),
 * `off` when the channel was not configured when the lead arrived; `bounced` when SES reported the
 * sent e-mail as bounced by the agency's mail server (the e-mail only: check the recipients).
 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'held', 'off', 'bounced'] as const;
export const deliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatus>;
/** The e-mail channel's state (same values as every channel). */
export const emailStatus = deliveryStatus;

export const leadStatus = z.enum(LEAD_STATUSES);

/** Why a lead was filed as spam on arrival, or null. */
export const SPAM_REASONS = ['honeypot', 'too-fast', 'admin'] as const;
export const spamReason = z.enum(SPAM_REASONS);
export type SpamReason = z.infer<typeof spamReason>;

/** The visit an enquiry came at the end of: where it entered, what it saw, how long it took. */
export const leadJourney = z.object({
  /** Path the visit entered by (`landingPath` of the landing page), or null. */
  entry_page: z.string().nullable(),
  /** Paths seen this visit before the enquiry, in order. */
  pages: z.array(z.string()),
  /** When the visit began, as the browser said, or null. */
  started_at: z.string().nullable(),
  /** Seconds from the visit's start to the enquiry, or null when the start is unknown or not sane. */
  time_to_enquiry_s: z.number().int().nullable(),
});
export type LeadJourney = z.infer<typeof leadJourney>;

/** An enquiry as the admin inbox sees it. Leads stored before the pipeline read as `new`, webhook `off`. */
export const lead = z.object({
  id: z.string(),
  created_at: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** Where the form was sent from. */
  page: z.string().nullable(),
  email_status: emailStatus,
  email_attempts: z.number().int(),
  webhook_status: deliveryStatus.default('off'),
  webhook_attempts: z.number().int().default(0),
  status: leadStatus.default('new'),
  spam_reason: spamReason.nullable().default(null),
  /** The label the inbox filters and the dashboard stacks by (shared `sourceOf`). */
  source: z.string().default(DIRECT_SOURCE),
  utm_source: z.string().nullable().default(null),
  utm_medium: z.string().nullable().default(null),
  utm_campaign: z.string().nullable().default(null),
  utm_term: z.string().nullable().default(null),
  utm_content: z.string().nullable().default(null),
  gclid: z.string().nullable().default(null),
  /** First page of the visit (path and query as the visitor arrived). */
  landing_page: z.string().nullable().default(null),
  /** The external page that sent the visitor, or null. */
  referrer: z.string().nullable().default(null),
  /** Last status change or note. */
  updated_at: z.string().nullable().default(null),
  /** The visit's channel (shared `channelOf`); null on leads stored before it was kept. */
  channel: z.string().nullable().default(null),
  /** Two-letter viewer country from the edge, or `unknown`. */
  country: z.string().default('unknown'),
  /** Device class from the user agent; null on leads stored before it was kept. */
  device: z.string().nullable().default(null),
  /** The visit up to the enquiry, or null when the browser kept none. */
  journey: leadJourney.nullable().default(null),
  /** First status change or note by staff (the 12-hour promise), or null while unanswered. */
  first_response_at: z.string().nullable().default(null),
});
export type Lead = z.infer<typeof lead>;

/** Who did something in the admin, as recorded at that time. */
export const actor = z.object({ username: z.string(), email: z.string() });
export type Actor = z.infer<typeof actor>;

/** One entry of a lead's history: a status change (with its optional note) or a note. */
export const leadEvent = z.object({
  id: z.string(),
  at: z.string(),
  by: actor,
  kind: z.enum(['status', 'note']),
  /** Status changes only. */
  from: leadStatus.nullable(),
  to: leadStatus.nullable(),
  note: z.string().nullable(),
});
export type LeadEvent = z.infer<typeof leadEvent>;

/** A lead with its history, oldest first, as its admin page shows it. */
export const leadDetail = lead.extend({ history: z.array(leadEvent) });
export type LeadDetail = z.infer<typeof leadDetail>;

/** What is kept of an erased lead: no personal data, only that it existed and who erased it when. */
export const leadErasure = z.object({
  id: z.string(),
  created_at: z.string(),
  erased_at: z.string(),
  erased_by: actor,
});
export type LeadErasure = z.infer<typeof leadErasure>;

const countRow = z.object({ key: z.string(), count: z.number().int() });
/** Figures of the admin dashboard, computed by the server from its daily aggregates. */
export const dashboard = z.object({
  generated_at: z.string(),
  /** Leads (spam excluded) per week, oldest first, by source. */
  weeks: z.array(
    z.object({
      week: z.string(),
      total: z.number().int(),
      by_source: z.array(countRow),
    }),
  ),
  /** Over the same weeks, most first; the tail summed as `Other`. */
  landing_pages: z.array(countRow),
  subjects: z.array(countRow),
  /** Every lead there is now, per status (spam included). */
  statuses: z.array(z.object({ key: leadStatus, count: z.number().int() })),
  /** Most viewed posts over the last DASHBOARD.viewDays days. */
  top_posts: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      title: z.string(),
      views: z.number().int(),
    }),
  ),
  views_from: z.string(),
  views_to: z.string(),
  /**
   * Whether the lead figures (weeks, landing pages, subjects, statuses) are the caller's to see:
   * false for an editor, whose lead lists come empty and whose page shows the views part only.
   */
  lead_figures: z.boolean().default(true),
});
export type Dashboard = z.infer<typeof dashboard>;

/** One page of a list: `next`/`previous` are API addresses ending in `page=N`, or null. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    next: z.string().nullable(),
    previous: z.string().nullable(),
  });
