/** Business constants of the spec, one place for both sides. */

/** The seven enquiry subjects (spec 000 §3): the label is what is sent. */
export const LEAD_SUBJECTS = [
  'Website design & development',
  'Digital marketing',
  'Branding',
  'Content marketing',
  'SaaS development',
  'SEO',
  'Graphic designing',
] as const;

export const LEAD_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMin: 6,
  phoneMax: 20,
  messageMax: 5000,
  subjectMax: 100,
  pageMax: 300,
} as const;

/** Posts per page of the public list; the server decides it (spec 000 §9). */
export const POST_PAGE_SIZE = 10;
/** Days a deleted post stays in the Trash, restorable, before the purge job deletes it for good. */
export const TRASH_DAYS = 30;
/** Leads per page of the admin inbox. */
export const LEAD_PAGE_SIZE = 20;
/** Featured posts in the blog sidebar. */
export const FEATURED_POSTS = 3;

export const POST_LIMITS = {
  titleMax: 200,
  slugMax: 200,
  contentMaxBytes: 300_000,
  headTagMax: 10_000,
  /** What search engines and link previews show of a post (plain text). */
  metaDescriptionMax: 300,
  /** The longest search of the admins' post list. */
  searchMax: 100,
  /**
   * 4 MB, not the 5 MB first asked for: API Gateway hands Lambda a binary body base64-encoded (4/3 of
   * its size) and a Lambda request may carry at most 6 MB, so a 5 MB image could never arrive in AWS.
   */
  bannerMaxBytes: 4 * 1024 * 1024,
} as const;

/** Categories and authors: a name is 1–60 characters, unique within its kind whatever its case. */
export const TAXONOMY_LIMITS = { nameMax: 60 } as const;

/** Login throttling: this many failures per e-mail within the window give 429. */
export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;
/**
 * Failed sign-in steps (wrong password or code) per client IP, whatever the e-mail: past `max` in
 * the window every sign-in from that address answers 429 (LOGIN_THROTTLE still holds per e-mail).
 */
export const SIGN_IN_IP_LIMIT = { max: 20, windowMs: 15 * 60 * 1000 } as const;
/**
 * Audit records written for callers who are not signed in (failed sign-ins, resets) per client IP:
 * past `max` in the window they are dropped (logged), so nobody can flood the trail.
 */
export const AUDIT_PUBLIC_WRITE_LIMIT = { max: 60, windowMs: 15 * 60 * 1000 } as const;
/** Lead rate limit per client IP. */
export const LEAD_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

export const TIMINGS = {
  heroIntervalMs: 7000,
  stepperIntervalMs: 5000,
  scrollToFormMs: 1000,
  revealDurationMs: 1200,
  revealDelayMs: 200,
  speechStartDelayMs: 100,
  viewCountDelayMs: 200,
  addSuccessPopupMs: 4000,
  updateSuccessPopupMs: 2000,
  carouselSpeedMs: 800,
} as const;

/** The two articles the site treats specially. */
export const SPECIAL_SLUGS = {
  career: 'how-to-start-a-career-in-a-digital-marketing-agency',
  fileIcons: 'how-to-display-icons-as-per-file-type-you-upload-in-html',
} as const;

/** File types the extension-image endpoint draws an icon for. */
export const EXTENSION_ICONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'csv',
  'zip',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'svg',
  'mp3',
  'mp4',
  'html',
  'js',
  'json',
] as const;

/**
 * The admin session beyond the access token (DESIGN: "admin session beyond the access token"): the
 * Cognito refresh token lives in an HttpOnly cookie scoped to the session calls, and those calls
 * need a header a cross-site form cannot send.
 */
export const ADMIN_SESSION = {
  cookieName: 'admin_refresh',
  /** Covers `/api/user/session/refresh` and `/logout` and nothing else. */
  cookiePath: '/api/user/session',
  /** The user pool client's refresh token validity (infra) and the cookie's Max-Age. */
  refreshTokenDays: 30,
  /** The access token's life in AWS (the user pool client's AccessTokenValidity). */
  accessTokenSeconds: 3600,
  /** Header (and value) every session call must carry: forms and plain links cannot set it. */
  csrfHeader: 'x-requested-with',
  csrfValue: 'fetch',
} as const;

/**
 * Where a lead is in the sales pipeline. `spam` holds leads the honeypot or the fill-time check
 * caught (or an admin moved there): kept, never notified, apart from the inbox's default view.
 */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The campaign parameters the site remembers for a visit (first page of the visit wins). */
export const UTM_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
] as const;
/** Every source field a lead carries, as optional multipart fields of the enquiry form. */
export const LEAD_SOURCE_FIELDS = [...UTM_FIELDS, 'landing_page', 'referrer'] as const;
export type LeadSourceField = (typeof LEAD_SOURCE_FIELDS)[number];

export const LEAD_SOURCE_LIMITS = {
  /** utm_* and gclid values. */
  paramMax: 200,
  /** landing_page and referrer (a path or an http(s) URL). */
  urlMax: 2000,
  /** The source label the inbox filters and the dashboard stacks by. */
  sourceMax: 100,
} as const;

/**
 * Spam checks besides the proof of work: a hidden field no person fills, and a minimum time between
 * the captcha challenge (fetched when the visitor first focuses the form) and the submission.
 */
export const LEAD_SPAM = {
  honeypotField: 'website',
  minFillMs: 3000,
} as const;

/** Notes on a lead. */
export const LEAD_NOTE_MAX = 2000;
/** Inbox search text. */
export const LEAD_SEARCH_MAX = 100;

/** What the admin dashboard shows. */
export const DASHBOARD = {
  /** Leads per week for this many weeks (the current one included), weeks starting Monday UTC. */
  weeks: 12,
  /** Most viewed posts over this many days (today included, UTC). */
  viewDays: 30,
  topPosts: 10,
  /** Landing pages and subjects shown (the rest summed as "Other"). */
  topRows: 10,
} as const;

/**
 * The staff password policy: the user pool's (infra), the stand-in's, and the one the API and the
 * admin's forms check first so every failure names the rule (password.ts).
 */
export const PASSWORD_POLICY = {
  minLength: 12,
  maxLength: 256,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
  /** How long an invitation's temporary password works. */
  tempPasswordDays: 3,
} as const;

/** Authenticator-app codes (RFC 6238), as Cognito's software token MFA uses them. */
export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  algorithm: 'SHA1',
  /** The issuer an authenticator app shows beside the account's e-mail. */
  issuer: 'Agency admin',
} as const;

/**
 * How long a sign-in challenge (the code step, the new-password step) stays open: the app
 * client's authSessionValidity in AWS, and the stand-in's parity layer locally.
 */
export const AUTH_CHALLENGE_MINUTES = 3;

/** The error of every staff call an account makes before it enrols TOTP when the stage requires it. */
export const MFA_ENROLMENT_REQUIRED = 'Set up two-factor sign-in before using the admin.';

/**
 * "Forgot password?": the answer never comes sooner than `minAnswerMs` whether the account exists
 * or not (no account enumeration by timing), and requests are limited per e-mail and per client IP.
 */
export const PASSWORD_RESET = {
  minAnswerMs: 600,
  perEmail: { max: 3, windowMs: 60 * 60 * 1000 },
  perIp: { max: 20, windowMs: 60 * 60 * 1000 },
  /** Wrong reset codes per account: past `max` in the window every reset of it answers 429. */
  wrongCodes: { max: 5, windowMs: 15 * 60 * 1000 },
} as const;

/** The audit trail: records per page of `GET /api/user/audit`, and how long records are kept. */
export const AUDIT = { pageSize: 50, retentionDays: 400 } as const;

/**
 * The e-mails the user pool sends: its invitation (temporary password) and verification (password
 * reset code) messages, each linking to the sign-in page at the stage's site address (`siteUrl`,
 * `https://…` without a trailing slash: a link in an e-mail is always absolute). `{username}` and
 * `{####}` are Cognito's placeholders; the CDK sets these on the pool and the local stand-in renders
 * the same text into the SES stand-in's inbox.
 */
export const ACCOUNT_EMAILS = {
  invitation: {
    subject: 'You are invited to the agency admin',
    body: (siteUrl: string) =>
      `You have been added to the agency admin.<br><br>Sign in at ${signInLink(siteUrl)} with your e-mail {username} ` +
      'and this temporary password: {####}<br><br>You will choose your own password at that first sign-in. ' +
      `The temporary password works for ${PASSWORD_POLICY.tempPasswordDays} days.`,
  },
  passwordReset: {
    subject: 'Your agency admin password reset code',
    body: (siteUrl: string) =>
      'Someone asked to reset the password of your agency admin account.<br><br>Your code is {####}<br><br>' +
      `Enter it on the sign-in page: ${signInLink(siteUrl)}<br><br>` +
      'If that was not you, ignore this e-mail: your password stays as it is.',
  },
} as const;

/** The staff sign-in page (the web app's `login` route), which the account e-mails link to. */
export const ADMIN_SIGN_IN_PATH = '/creative-login';

/** The sign-in page as an absolute link, its address also as the text (mail clients that show text only). */
function signInLink(siteUrl: string): string {
  const href = `${siteUrl.replace(/\/+$/, '')}${ADMIN_SIGN_IN_PATH}`;
  return `<a href="${href}">${href}</a>`;
}

/** A team member's role as the team API names it (access.ts maps each to its Cognito group). */
export const ROLES = ['admin', 'editor'] as const;
export type Role = (typeof ROLES)[number];
