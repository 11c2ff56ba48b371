import * as z from 'zod';
import { ADMIN_GROUP, ENV_NAMES as N, LEAD_SPAM, NO_DISTRIBUTION } from '@agency/shared';

/**
 * Every setting a handler reads, grouped by concern: mostly one group per grant of
 * each module's grants.ts (infra/lib/apply-grants.ts sets exactly that group's variables on a function); the
 * origin secret comes from the construct of the functions behind the edge (api.ts, render.ts), and
 * the runtime settings (log level, metrics namespace, client-IP header) from the constructs. A
 * handler parses a group on first use and keeps it for the life of the container, so it requires
 * only what its grants set, and a missing variable fails its first invocation naming the variable.
 * Resource names, addresses and groups have no defaults (the metrics namespace alone falls back to
 * the local stack's); tuning knobs, the log level and switches that are off unless set do. AWS SDK
 * endpoints of the local stand-ins come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables, so
 * handlers run unmodified there.
 */
const name = z.string().min(1);

/** A JSON array of edge patterns (`/x` or `/x/*`) in the variable `variable`. */
const patternList = (variable: string) =>
  z.string().transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${variable} is not JSON` });
      return z.NEVER;
    }
    const parsed = z.array(z.string().regex(/^\/[^*?]*(\/\*)?$/)).safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({
      code: 'custom',
      message: `${variable} must be a JSON array of paths (/x or /x/*)`,
    });
    return z.NEVER;
  });

/**
 * The origin secret's JSON (api.ts generates `current`, a rotation moves it to `previous`), as the
 * environment (the local stack) and Secrets Manager (platform/origin-secret.ts) both hold it.
 */
export const originSecretJson = z.object({
  current: z.string().min(32, 'must be at least 32 characters'),
  previous: z.string().optional(),
});

/** The header values the secret lets in: `current`, and `previous` unless empty or short. */
export const acceptedOriginValues = ({
  current,
  previous,
}: z.infer<typeof originSecretJson>): string[] =>
  previous && previous.length >= 32 ? [current, previous] : [current];

const schemas = {
  contentTable: z.object({ [N.contentTable]: name }),
  leadsTable: z.object({ [N.leadsTable]: name }),
  viewsTable: z.object({ [N.viewsTable]: name }),
  statsTable: z.object({ [N.statsTable]: name }),
  teamTable: z.object({ [N.teamTable]: name }),
  auditTable: z.object({ [N.auditTable]: name }),
  analyticsTable: z.object({ [N.analyticsTable]: name }),
  visitorsTable: z.object({ [N.visitorsTable]: name }),
  media: z.object({ [N.mediaBucket]: name }),
  /** The image function the media and post writers invoke. */
  imageFunction: z.object({ [N.imageFunction]: name }),
  /** Verifying staff tokens (admins and editors) and calling the user pool. */
  auth: z.object({
    [N.userPoolId]: name,
    [N.userPoolClientId]: name,
    /**
     * Who may call what is the shared access table's (access.ts), by the groups' names there; the
     * stack still states the admin group, and a deployment that names another is refused at once
     * rather than quietly ignored.
     */
    [N.adminGroup]: name.refine((v) => v === ADMIN_GROUP, {
      error: `${N.adminGroup} must be ${ADMIN_GROUP}, the group the access table names`,
    }),
    /** Issuer override for the Cognito stand-in (http://127.0.0.1:port/poolId); never set in AWS. */
    [N.cognitoIssuer]: z.url().optional(),
    /** `true`: every account enrols TOTP before anything else (stage `requireMfa`). Default off. */
    [N.requireMfa]: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
  }),
  mail: z.object({
    [N.mailFrom]: z.string().min(3),
    /** Comma-separated agency recipients of lead e-mails. */
    [N.mailTo]: z.string().min(3),
  }),
  /** Either the name of the SSM SecureString that holds the HMAC key (AWS) or the key itself (local). */
  captcha: z
    .object({
      [N.captchaKey]: z.string().min(16).optional(),
      [N.captchaKeyParam]: name.optional(),
      /** ALTCHA work: PBKDF2 iterations per attempt and the largest counter (measured default: modules/captcha/domain/captcha.ts). Tests lower them. */
      [N.captchaCost]: z.coerce.number().int().positive().default(1000),
      [N.captchaMaxCounter]: z.coerce.number().int().positive().default(3000),
    })
    .refine((v) => v[N.captchaKey] !== undefined || v[N.captchaKeyParam] !== undefined, {
      path: [N.captchaKeyParam],
      message: `${N.captchaKeyParam} is not set (nor ${N.captchaKey})`,
    }),
  /**
   * The lead webhook: none of these set means no webhook (its deliveries read `off`). In AWS the
   * URL and the signing key are SSM SecureStrings named by the *_PARAM variables; locally the values.
   */
  leadWebhook: z.object({
    [N.leadWebhookUrl]: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    [N.leadWebhookUrlParam]: name.optional(),
    [N.leadWebhookSecret]: z.string().min(16, 'must be at least 16 characters').optional(),
    [N.leadWebhookSecretParam]: name.optional(),
  }),
  /** The site's public address: links to the admin in lead notifications. */
  site: z.object({ [N.siteUrl]: z.url() }),
  /** Spam checks of the enquiry form (tests lower the fill time). */
  leadSpam: z.object({
    [N.leadMinFillMs]: z.coerce.number().int().nonnegative().default(LEAD_SPAM.minFillMs),
  }),
  /**
   * The distribution to invalidate, or NO_DISTRIBUTION for a deployment with no CDN in front. The
   * local stack has one: its edge server plays LOCAL_DISTRIBUTION_ID (the CloudFront stand-in).
   */
  cdn: z.object({ [N.distributionId]: name }),
  /** The patterns the render function answers: what an invalidation refreshes (same grant as cdn). */
  renderedPages: z.object({ [N.siteRenderedPaths]: patternList(N.siteRenderedPaths) }),
  /**
   * The origin secret CloudFront sends in ORIGIN_VERIFY_HEADER: the secret's JSON, whose `current`
   * CloudFront sends and whose `previous` is still let in while a rotation reaches every edge.
   */
  origin: z.object({
    [N.originVerify]: z.string().transform((text, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${N.originVerify} is not JSON` });
        return z.NEVER;
      }
      const parsed = originSecretJson.safeParse(value);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      ctx.addIssue({
        code: 'custom',
        message: `${N.originVerify}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}`,
      });
      return z.NEVER;
    }),
  }),
  /** The CloudFront KeyValueStore of redirects the edge function reads (the redirect writers). */
  edgeStore: z.object({
    [N.redirectStoreArn]: z
      .string()
      .regex(
        /^arn:aws[a-z-]*:cloudfront::\d{12}:key-value-store\/[\w-]+$/,
        'must be a KeyValueStore ARN',
      ),
  }),
  /** The site bucket, where published marketing pages are written (the page writers). */
  siteFiles: z.object({ [N.siteBucket]: name }),
  /** The render function the page writers invoke to render published pages. */
  renderer: z.object({ [N.renderFunction]: name }),
  /** The site's page paths (a JSON array of edge patterns), which a redirect may not hide. */
  sitePages: z.object({ [N.sitePagePaths]: patternList(N.sitePagePaths) }),
  /**
   * The logger's level, a group of its own: the logger reads it on its first line, which may come
   * before the local stack has set the rest of the runtime group.
   */
  log: z.object({
    [N.logLevel]: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  }),
  runtime: z.object({
    /** Where the business metrics go (the stack sets one per stage); the local stack's otherwise. */
    [N.metricsNamespace]: name.default('Agency/local'),
    /**
     * Header that carries the visitor's address when a trusted proxy in front sets it (CloudFront's
     * viewer-ip function sets it and overwrites any client value). Unset: API Gateway's source IP.
     */
    [N.clientIpHeader]: name.optional(),
  }),
};

type Concern = keyof typeof schemas;
type Settings<C extends Concern> = z.infer<(typeof schemas)[C]>;

/** A setting is missing or malformed; the message names every bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Source = Record<string, string | undefined>;

/**
 * The parsed settings, or a message per bad variable. '' counts as unset: a template or .env line
 * with no value is the same mistake.
 */
function parse<S extends z.ZodType>(
  schema: S,
  source: Source,
): { ok: true; data: z.infer<S> } | { ok: false; problems: string[] } {
  const parsed = schema.safeParse(source);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const key = issue.path.join('.');
    if (issue.code === 'custom') return issue.message;
    return source[key] === undefined || source[key] === ''
      ? `${key} is not set`
      : `${key}: ${issue.message}`;
  });
  return { ok: false, problems };
}

const cache = new Map<Concern, unknown>();

function read<C extends Concern>(concern: C): Settings<C> {
  if (cache.has(concern)) return cache.get(concern) as Settings<C>;
  const result = parse(schemas[concern], process.env);
  if (!result.ok)
    throw new ConfigError(`Invalid environment (${concern}): ${result.problems.join('; ')}`);
  cache.set(concern, result.data);
  return result.data as Settings<C>;
}

/** Physical name of one of the tables (CONTENT_TABLE, LEADS_TABLE, VIEWS_TABLE, STATS_TABLE, TEAM_TABLE, AUDIT_TABLE). */
export function tableName(
  table: 'content' | 'leads' | 'views' | 'stats' | 'team' | 'audit' | 'analytics' | 'visitors',
): string {
  switch (table) {
    case 'analytics':
      return read('analyticsTable')[N.analyticsTable];
    case 'visitors':
      return read('visitorsTable')[N.visitorsTable];
    case 'team':
      return read('teamTable')[N.teamTable];
    case 'audit':
      return read('auditTable')[N.auditTable];
    case 'stats':
      return read('statsTable')[N.statsTable];
    case 'content':
      return read('contentTable')[N.contentTable];
    case 'leads':
      return read('leadsTable')[N.leadsTable];
    case 'views':
      return read('viewsTable')[N.viewsTable];
  }
}

/** The media bucket (MEDIA_BUCKET). */
export const mediaBucket = (): string => read('media')[N.mediaBucket];

/** The image function's name (IMAGE_FUNCTION). */
export const imageFunction = (): string => read('imageFunction')[N.imageFunction];

export interface AuthSettings {
  userPoolId: string;
  userPoolClientId: string;
  adminGroup: string;
  /** Set only for the Cognito stand-in. */
  issuer?: string;
  /** The stage requires TOTP of every account (REQUIRE_MFA). */
  requireMfa: boolean;
}

/** User pool, app client and admin group (USER_POOL_ID, USER_POOL_CLIENT_ID, ADMIN_GROUP). */
export function authSettings(): AuthSettings {
  const s = read('auth');
  return {
    userPoolId: s[N.userPoolId],
    userPoolClientId: s[N.userPoolClientId],
    adminGroup: s[N.adminGroup],
    requireMfa: s[N.requireMfa],
    ...(s[N.cognitoIssuer] ? { issuer: s[N.cognitoIssuer] } : {}),
  };
}

/** Sender and recipients of lead e-mails (MAIL_FROM, MAIL_TO). */
export function mailSettings(): { from: string; to: string } {
  const s = read('mail');
  return { from: s[N.mailFrom], to: s[N.mailTo] };
}

export interface CaptchaEnv {
  /** Exactly one of the two is set. */
  key?: string;
  keyParameter?: string;
  cost: number;
  maxCounter: number;
}

/** Where the captcha HMAC key comes from, and the ALTCHA work settings. */
export function captchaEnv(): CaptchaEnv {
  const s = read('captcha');
  const key = s[N.captchaKey];
  const keyParameter = s[N.captchaKeyParam];
  return {
    ...(key ? { key } : keyParameter ? { keyParameter } : {}),
    cost: s[N.captchaCost],
    maxCounter: s[N.captchaMaxCounter],
  };
}

export interface LeadWebhookEnv {
  /** At most one of each pair is set; neither URL: no webhook. */
  url?: string;
  urlParameter?: string;
  secret?: string;
  secretParameter?: string;
}

/** Where the lead webhook's URL and signing key come from (values locally, SSM names in AWS). */
export function leadWebhookEnv(): LeadWebhookEnv {
  const s = read('leadWebhook');
  const out: LeadWebhookEnv = {};
  if (s[N.leadWebhookUrl]) out.url = s[N.leadWebhookUrl];
  else if (s[N.leadWebhookUrlParam]) out.urlParameter = s[N.leadWebhookUrlParam];
  if (s[N.leadWebhookSecret]) out.secret = s[N.leadWebhookSecret];
  else if (s[N.leadWebhookSecretParam]) out.secretParameter = s[N.leadWebhookSecretParam];
  return out;
}

/** The site's public address without a trailing slash (SITE_URL). */
export const siteUrl = (): string => read('site')[N.siteUrl].replace(/\/+$/, '');

/** The redirect KeyValueStore's ARN (REDIRECT_STORE_ARN). */
export const redirectStoreArn = (): string => read('edgeStore')[N.redirectStoreArn];

/** The site bucket (SITE_BUCKET). */
export const siteBucket = (): string => read('siteFiles')[N.siteBucket];

/** The render function's name (RENDER_FUNCTION). */
export const renderFunction = (): string => read('renderer')[N.renderFunction];

/** The site's page paths as edge patterns (SITE_PAGE_PATHS). */
export const sitePagePaths = (): readonly string[] => read('sitePages')[N.sitePagePaths];

/** The patterns the render function answers (SITE_RENDERED_PATHS): the cached pages. */
export const siteRenderedPaths = (): readonly string[] =>
  read('renderedPages')[N.siteRenderedPaths];

/** Minimum fill time of the enquiry form in ms (LEAD_MIN_FILL_MS, default LEAD_SPAM.minFillMs). */
export const leadMinFillMs = (): number => read('leadSpam')[N.leadMinFillMs];

/** The distribution to invalidate (DISTRIBUTION_ID), or undefined where it says there is none. */
export function distributionId(): string | undefined {
  const id = read('cdn')[N.distributionId];
  return id === NO_DISTRIBUTION ? undefined : id;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The level below which the logger drops lines (LOG_LEVEL, default info); parsed once. */
export const logLevel = (): LogLevel => read('log')[N.logLevel];

/** Settings every function has: log level and the trusted client-IP header. */
export function runtimeSettings(): {
  logLevel: LogLevel;
  clientIpHeader?: string;
} {
  const s = read('runtime');
  const header = s[N.clientIpHeader];
  return { logLevel: logLevel(), ...(header ? { clientIpHeader: header } : {}) };
}

/**
 * The origin header values a request may carry (ORIGIN_VERIFY): the current secret and, during a
 * rotation, the previous one (an empty or short previous value is never accepted).
 */
export function originSecrets(): string[] {
  return acceptedOriginValues(read('origin')[N.originVerify]);
}

/** The CloudWatch namespace of the business metrics (METRICS_NAMESPACE). */
export const metricsNamespace = (): string => read('runtime')[N.metricsNamespace];

/**
 * Check a complete environment against every group, naming every bad variable: what the local
 * stack hands its in-process handlers must satisfy the same schemas the Lambdas parse.
 */
export function checkCompleteEnvironment(source: Source): void {
  const bad = Object.values(schemas).flatMap((schema) => {
    const result = parse(schema, source);
    return result.ok ? [] : result.problems;
  });
  if (bad.length > 0) throw new ConfigError(`Invalid environment: ${[...new Set(bad)].join('; ')}`);
}

/** Forget the parsed groups: for tests that swap stand-ins between suites. */
export function resetEnv(): void {
  cache.clear();
}
