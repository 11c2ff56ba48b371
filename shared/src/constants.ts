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
export type LeadSubject = (typeof LEAD_SUBJECTS)[number];

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
/** Leads per page of the admin inbox. */
export const LEAD_PAGE_SIZE = 20;
/** Featured posts in the blog sidebar. */
export const FEATURED_POSTS = 3;

export const POST_LIMITS = {
  titleMax: 200,
  slugMax: 200,
  contentMaxBytes: 300_000,
  headTagMax: 10_000,
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
/** Lead rate limit per client IP. */
export const LEAD_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

export const CALL_BACK_HOURS = 12;
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
export type UtmField = (typeof UTM_FIELDS)[number];
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

/** The admin page of one lead (the web route `/admin/leads/:id`), linked from notifications. */
export const adminLeadPath = (id: string): string => `/admin/leads/${encodeURIComponent(id)}`;
