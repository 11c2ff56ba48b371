/**
 * Configuration names both sides of a deployment agree on: the CDK stack sets these environment
 * variables and creates this group; the Lambdas, the local stack and the admin script read them.
 * Renaming one here renames it everywhere, so neither side can miss it.
 */

/** The Cognito group whose members may use everything in the admin (access.ts). */
export const ADMIN_GROUP = 'admins';
/** The Cognito group of writers: posts, categories, authors, media, preview, revisions (access.ts). */
export const EDITOR_GROUP = 'editors';

/**
 * The header CloudFront adds to every request it sends the HTTP API, carrying the stage's origin
 * secret (ENV_NAMES.originVerify); the edge definition says which origins get it.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Environment variables the stack sets on functions and the handlers read (one per granted resource or setting). */
export const ENV_NAMES = {
  contentTable: 'CONTENT_TABLE',
  leadsTable: 'LEADS_TABLE',
  viewsTable: 'VIEWS_TABLE',
  /** Dashboard aggregates: leads per week, statuses, views per post per day. */
  statsTable: 'STATS_TABLE',
  /** Staff accounts' state the API checks on every call (enabled, signed out before, TOTP on). */
  teamTable: 'TEAM_TABLE',
  /** The append-only audit trail. */
  auditTable: 'AUDIT_TABLE',
  /** Analytics roll-ups (kept 25 months). */
  analyticsTable: 'ANALYTICS_TABLE',
  /** Analytics' salts, raw hits and visitor hashes (expiring within 48 hours, never backed up). */
  visitorsTable: 'VISITORS_TABLE',
  /** `true`: every staff account must enrol TOTP before it can use anything else (stage `requireMfa`). */
  requireMfa: 'REQUIRE_MFA',
  mediaBucket: 'MEDIA_BUCKET',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  adminGroup: 'ADMIN_GROUP',
  /** Issuer of admin tokens when it is not Cognito's own address (the local stand-in). */
  cognitoIssuer: 'COGNITO_ISSUER',
  mailFrom: 'MAIL_FROM',
  /** Comma-separated agency recipients of lead e-mails. */
  mailTo: 'MAIL_TO',
  /** Name of the SSM SecureString (a Secrets Manager reference) that holds the captcha HMAC key. */
  captchaKeyParam: 'CAPTCHA_HMAC_KEY_PARAM',
  /** The captcha HMAC key itself (local stack and tests only; never in a template). */
  captchaKey: 'CAPTCHA_HMAC_KEY',
  captchaCost: 'CAPTCHA_COST',
  captchaMaxCounter: 'CAPTCHA_MAX_COUNTER',
  /** The CloudFront distribution to invalidate on publish. */
  distributionId: 'DISTRIBUTION_ID',
  /**
   * The secret CloudFront sends the API in its origin header (ORIGIN_VERIFY_HEADER), as the Secrets
   * Manager secret's JSON `{"current":"…","previous":"…"}` (local stack only; deployed functions
   * read it by ORIGIN_SECRET_ARN); a request carrying either is let in.
   */
  originVerify: 'ORIGIN_VERIFY',
  /**
   * The ARN of that Secrets Manager secret (deployed functions): they read its value at run time,
   * cached for at most 5 minutes, and never hold it in their environment.
   */
  originSecretArn: 'ORIGIN_SECRET_ARN',
  /** Header that carries the viewer's address, set by the edge in front of the API. */
  clientIpHeader: 'CLIENT_IP_HEADER',
  logLevel: 'LOG_LEVEL',
  /** CloudWatch namespace of the business metrics the functions print as embedded metric format. */
  metricsNamespace: 'METRICS_NAMESPACE',
  /** Public address of the site (canonical links, sitemap, RSS): the render function and the web build. */
  siteUrl: 'SITE_URL',
  /** Where the render function calls the API. */
  apiOrigin: 'API_ORIGIN',
  /** Folder of the built HTML shell the render function fills. */
  webDist: 'WEB_DIST',
  /** Name of the image function (sharp) that turns an upload into variants, invoked by the media and post writers. */
  imageFunction: 'IMAGE_FUNCTION',
  /** Name of the SSM SecureString holding the lead webhook's URL (AWS); unset: no webhook. */
  leadWebhookUrlParam: 'LEAD_WEBHOOK_URL_PARAM',
  /** The lead webhook's URL itself (local stack and tests; never in a template). */
  leadWebhookUrl: 'LEAD_WEBHOOK_URL',
  /** Name of the SSM SecureString holding the HMAC-SHA256 key that signs webhook bodies (AWS). */
  leadWebhookSecretParam: 'LEAD_WEBHOOK_SECRET_PARAM',
  /** The webhook signing key itself (local stack and tests). */
  leadWebhookSecret: 'LEAD_WEBHOOK_SECRET',
  /** Minimum time between the captcha challenge and the enquiry, in ms (default LEAD_SPAM.minFillMs). */
  leadMinFillMs: 'LEAD_MIN_FILL_MS',
  /** ARN of the CloudFront KeyValueStore the edge function reads redirects from (the API writes it). */
  redirectStoreArn: 'REDIRECT_STORE_ARN',
  /**
   * The site's own page paths as a JSON array of edge patterns (site-pages.json's prerendered,
   * rendered and app lists): a redirect may not hide one of them.
   */
  sitePagePaths: 'SITE_PAGE_PATHS',
  /**
   * The patterns the render function answers (site-pages.json's rendered list, a JSON array): the
   * cached pages a post change makes stale derive from them (lambdas modules/pages/domain/cache-paths.ts).
   */
  siteRenderedPaths: 'SITE_RENDERED_PATHS',
  /** The site bucket: the page writers put published pages' HTML there (`<path>/index.html`). */
  siteBucket: 'SITE_BUCKET',
  /** Name of the render function, which the page writers invoke to render published pages. */
  renderFunction: 'RENDER_FUNCTION',
  /** Where the deploy-time seed job reads the marketing pages' seed (default: beside its bundle). */
  seedPagesFile: 'SEED_PAGES_FILE',
} as const;

/**
 * DISTRIBUTION_ID of a deployment with no CDN in front (the local stack has one: its edge server
 * plays LOCAL_DISTRIBUTION_ID): saying so is explicit, whereas an unset DISTRIBUTION_ID is a
 * configuration error.
 */
export const NO_DISTRIBUTION = 'none';

/** The local stack (`npm start`): its default port and the address the site has there. */
const LOCAL_PORT = 3000;
export const LOCAL_STACK = { port: LOCAL_PORT, url: `http://localhost:${LOCAL_PORT}` } as const;

/**
 * The business metrics the functions print as embedded metric format (lambdas/src/platform/metrics.ts)
 * and the stage's dashboard and alarms read (infra/lib/constructs/monitoring.ts): one list for both,
 * each stage in its own namespace (METRICS_NAMESPACE).
 */
export const BUSINESS_METRICS = {
  /** An enquiry stored (spam included: SpamHeld counts those). */
  leadsReceived: 'LeadsReceived',
  /** An enquiry filed as spam on arrival and held from delivery. */
  spamHeld: 'SpamHeld',
  /** A post that went live (published at once or by the schedule). */
  postsPublished: 'PostsPublished',
  /** A sign-in refused (wrong password, unknown account, locked out). */
  signInsFailed: 'SignInsFailed',
  /** Lead deliveries (e-mail or webhook) still pending 30 minutes after the lead arrived. */
  leadDeliveriesPendingOver30Min: 'LeadDeliveriesPendingOver30Min',
  /** Lead e-mails SES reported as bounced. */
  leadEmailsBounced: 'LeadEmailsBounced',
  /**
   * Page changes saved but not on the site after the publishing job's attempt to make them live
   * (pages whose `rendered_version` lags, the settings when theirs does, and live pages whose HTML
   * the job found older than their record or the settings and could not render again), counted
   * every minute.
   */
  pageChangesNotLive: 'PageChangesNotLive',
  /**
   * How full the edge's KeyValueStore is (redirects and pages' entries), per cent of its 5 MB:
   * printed after each write to it and by the hourly rebuild.
   */
  redirectStoreFill: 'RedirectStoreFill',
  /** Reminders of a lead unanswered for 10 hours that could not be sent (e-mail or webhook). */
  leadRemindersFailed: 'LeadRemindersFailed',
} as const;
export type MetricName = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];
