import * as z from 'zod';

/**
 * Every setting a handler reads, parsed once per cold start. The CDK Api construct sets these
 * from construct props; the local stack sets them for its stand-ins. AWS SDK endpoints of the
 * stand-ins come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables, so handlers run unmodified.
 */
const schema = z.object({
  CONTENT_TABLE: z.string().min(1).default('content'),
  LEADS_TABLE: z.string().min(1).default('leads'),
  VIEWS_TABLE: z.string().min(1).default('views'),
  MEDIA_BUCKET: z.string().min(1).default('media'),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  ADMIN_GROUP: z.string().min(1).default('admins'),
  /** Issuer override for the Cognito stand-in (http://127.0.0.1:port/poolId). */
  COGNITO_ISSUER: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@example.com'),
  /** Comma-separated agency recipients of lead e-mails. */
  MAIL_TO: z.string().min(3).default('sales@example.com'),
  /** Either the captcha HMAC key itself (local) or the name of the SSM SecureString that holds it (AWS). */
  CAPTCHA_HMAC_KEY: z.string().min(16).optional(),
  CAPTCHA_HMAC_KEY_PARAM: z.string().min(1).optional(),
  /** ALTCHA work: PBKDF2 iterations per attempt and the largest counter (see domain/captcha.ts for the measured default). Tests lower them. */
  CAPTCHA_COST: z.coerce.number().int().positive().default(1000),
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().positive().default(3000),
  /** Public base address of the site, for absolute links (canonical, sitemap, RSS, page URLs). */
  SITE_URL: z.url().default('http://localhost:3000'),
  /** CloudFront distribution to invalidate on publish (AWS only). */
  DISTRIBUTION_ID: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /**
   * Header that carries the visitor's address when a trusted proxy in front sets it (CloudFront's
   * viewer-ip function sets `true-client-ip` and overwrites any client value). Unset: the source IP.
   */
  CLIENT_IP_HEADER: z.string().min(1).optional(),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** The validated environment; throws naming every bad variable on first use. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${names}`);
  }
  cached = parsed.data;
  return cached;
}

/** For tests and the local stack, which set variables after import. */
export function resetEnv(): void {
  cached = undefined;
}
