import { API_LIMITS, type ThrottleClass } from '@agency/shared';
import * as z from 'zod';

/** The environments one stack is deployed per. */
export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** An SSM parameter name as Parameter Store accepts it (`/agency/prod/lead-webhook-url`). */
const ssmParameterName = z
  .string()
  .regex(/^\/?[\w.-]+(\/[\w.-]+)*$/, 'must be an SSM parameter name')
  .refine((name) => !/^\/?(aws|ssm)/i.test(name), 'must not start with aws or ssm (reserved)');

/** Steady-state requests per second (token refill) and burst (bucket size) of some routes. */
const routeLimit = z.object({
  rateLimit: z.number().positive(),
  burstLimit: z.number().int().positive(),
});

/** A DNS name (`www.agency.example`), lower case. */
const hostname = z
  .string()
  .regex(
    /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a domain name such as www.agency.example',
  );

/**
 * CloudFront viewer security policies the site accepts: TLS 1.2 with forward-secret AEAD ciphers
 * (2021), its 2025 successor, or TLS 1.3 only. Older ones (TLSv1, TLSv1.1_2016, TLSv1.2_2019…)
 * allow CBC ciphers or old protocol versions.
 */
export const TLS_POLICIES = ['TLSv1.2_2021', 'TLSv1.2_2025', 'TLSv1.3_2025'] as const;
export type TlsPolicy = (typeof TLS_POLICIES)[number];
export const DEFAULT_TLS_POLICY: TlsPolicy = 'TLSv1.2_2021';

/** Typed per-stage configuration: everything that differs between dev and prod lives here. */
export const stageConfigSchema = z.object({
  stage: z.enum(STAGES),
  /** Prefix of stack and resource names. */
  stackName: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/),
  /** Stateful resources (tables, buckets, user pool, secret) are retained, deletion-protected and backed up. */
  protectData: z.boolean(),
  /** A region AWS Backup copies each recovery point to (protectData stages only); no copy when unset. */
  backupCopyRegion: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-central-1')
    .optional(),
  /** Days of CloudWatch log retention for functions and API access logs. */
  logRetentionDays: z.number().int().positive(),
  mail: z
    .object({
      /** SES sender address: an e-mail identity is created for it, or its domain's (`identityDomain`). */
      from: z.email(),
      /** Agency recipients of lead e-mails. */
      to: z.array(z.email()).min(1),
      /**
       * The sender's domain as an SES domain identity with Easy DKIM (2048-bit), and its custom MAIL
       * FROM domain (a subdomain of it), so lead e-mails pass SPF and DKIM aligned with the From
       * domain and a DMARC policy can reject forgeries. Required in prod; dev may send from an
       * e-mail identity.
       */
      identityDomain: z
        .object({ name: hostname, mailFromDomain: hostname })
        .refine(
          (d) => d.mailFromDomain.endsWith(`.${d.name}`),
          'mailFromDomain must be a subdomain of the sender domain (SES requires it)',
        )
        .optional(),
    })
    .refine(
      (m) => !m.identityDomain || m.from.toLowerCase().endsWith(`@${m.identityDomain.name}`),
      'the sender address must be at the identity domain',
    ),
  /**
   * The API stage's limits: each contract operation's route counts against its throttle class's
   * (the render function's pages against `public-read`); `cap` is the stage default, which any
   * other route gets and no class may exceed. Figures and reasons: API_LIMITS.
   */
  apiLimits: z
    .object({
      cap: routeLimit,
      classes: z.object({
        'public-read': routeLimit,
        enquiry: routeLimit,
        counting: routeLimit,
        'sign-in': routeLimit,
        staff: routeLimit,
      } satisfies Record<ThrottleClass, typeof routeLimit>),
    })
    .refine(
      (l) =>
        Object.values(l.classes).every(
          (c) => c.rateLimit <= l.cap.rateLimit && c.burstLimit <= l.cap.burstLimit,
        ),
      'no throttle class may exceed the stage cap',
    ),
  /** Custom domain (required in prod): the ACM certificate must live in us-east-1. */
  domain: z
    .object({
      names: z.array(hostname).min(1),
      certificateArn: z.string().startsWith('arn:aws:acm:us-east-1:'),
      /** CloudFront's viewer security policy: TLS 1.2 with modern ciphers or newer. */
      tlsPolicy: z.enum(TLS_POLICIES),
    })
    .optional(),
  /** Price class of the distribution: 100 (NA/EU), 200 (+Asia incl. India) or All. */
  priceClass: z.enum(['100', '200', 'All']),
  /**
   * Optional lead webhook: names of SSM SecureStrings the operator creates (the URL is a secret, as
   * a Slack incoming-webhook URL is), never their values. Unset: no webhook, and the functions get
   * no webhook setting at all.
   */
  leadWebhook: z
    .object({
      urlParameter: ssmParameterName,
      /** The HMAC-SHA256 key that signs each body (X-Signature); unset: bodies are not signed. */
      secretParameter: ssmParameterName.optional(),
    })
    .optional(),
  /**
   * Optional: the GitHub repository whose workflows deploy this stage through OIDC (its roles are a
   * stack of their own, `<stackName>-github`), and the account's GitHub OIDC provider when it has one.
   */
  github: z
    .object({
      repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name, e.g. agency/site'),
      oidcProviderArn: z
        .string()
        .regex(
          /^arn:aws[\w-]*:iam::\d{12}:oidc-provider\/token\.actions\.githubusercontent\.com$/,
          "must be the ARN of the account's token.actions.githubusercontent.com provider",
        )
        .optional(),
    })
    .optional(),
  /**
   * Every staff account must enrol TOTP at its first sign-in before it can use anything else (the
   * API enforces it: REQUIRE_MFA; the user pool keeps MFA optional so the enrolment can be reached).
   */
  requireMfa: z.boolean(),
  /**
   * Optional: a WAF web ACL in front of the distribution (`-c waf=true`), with a rate-based rule per
   * viewer IP on the calls that take a form from anyone (enquiry, sign-in, password reset). CloudFront
   * web ACLs live in us-east-1, so it is a stack of its own there (`<stackName>-waf`).
   */
  waf: z
    .object({
      /** Requests to those calls one IP may make in 5 minutes before WAF blocks it (AWS's minimum is 10). */
      formCallsPer5Min: z.number().int().min(10).max(2_000_000_000),
    })
    .optional(),
  /** Operations: who gets the alarms (one SNS topic per stage) and the monthly AWS Budget in USD. */
  operations: z.object({
    alarmEmails: z.array(z.email()),
    monthlyBudgetUsd: z.number().positive(),
    /**
     * Also post each alarm and budget notice to the lead webhook's Slack-compatible channel
     * (`-c alarmsToWebhook=true`; needs the lead webhook).
     */
    alarmsToWebhook: z.boolean(),
  }),
  /**
   * Optional third-party services (maps, chat, pixel): the Content-Security-Policy allows their
   * origins, built by the same function as the local stack's. None unless configured (off by design).
   */
});
export type StageConfig = z.infer<typeof stageConfigSchema>;
export type StageConfigInput = z.input<typeof stageConfigSchema>;

/** What each stage fixes in code; the operator supplies the rest (ConfigOverrides). */
const defaults: Record<Stage, Omit<StageConfigInput, 'mail' | 'operations'>> = {
  dev: {
    stage: 'dev',
    stackName: 'AgencySite-dev',
    protectData: false,
    logRetentionDays: 7,
    apiLimits: API_LIMITS.dev,
    priceClass: '100',
    requireMfa: false,
  },
  prod: {
    stage: 'prod',
    stackName: 'AgencySite-prod',
    protectData: true,
    logRetentionDays: 90,
    apiLimits: API_LIMITS.prod,
    priceClass: '200',
    requireMfa: true,
  },
};

/**
 * Monthly AWS Budget per stage unless `-c monthlyBudgetUsd=…` says otherwise (USD). Dev's fixed
 * part, from its synthesised template at CloudWatch's and Secrets Manager's list prices (no free
 * tier counted): 52 billed alarm metrics × $0.10 = $5.20, one dashboard $3, two secrets × $0.40 =
 * $0.80, 10 custom metrics (the business metrics and the 429 count) × $0.30 = $3; no canary,
 * WAF or us-east-1 edge alarms in dev: $12. At $20 that is 60 %, leaving $4 of use
 * (requests, logs, storage) before the 80 % notice (alarms-cost.test.ts recomputes it). The old
 * $25 could not hold dev while each function had alarm metrics of its own (about 240, $24 alone).
 */
export const DEFAULT_MONTHLY_BUDGET_USD: Record<Stage, number> = { dev: 20, prod: 100 };

/** The stack name of a stage (scripts that talk to a deployed stack need nothing else). */
export const stackNameOf = (stage: Stage): string => defaults[stage].stackName;

/**
 * What an operator passes as CDK context (`-c mailFrom=… -c mailTo=a@x,b@y -c domainNames=… -c
 * certificateArn=… -c leadWebhookUrlParam=… -c leadWebhookSecretParam=… -c
 * requireMfa=true|false -c alarmEmails=ops@x,… -c monthlyBudgetUsd=…`). The mail addresses have
 * no default: an SES identity is created for the sender, and a placeholder would deploy a stack
 * whose lead e-mails can never be sent.
 */
export interface ConfigOverrides {
  /** Required: the sender of lead e-mails (context mailFrom, or MAIL_FROM). */
  mailFrom?: string;
  /** Required: comma-separated agency recipients (context mailTo, or MAIL_TO). */
  mailTo?: string;
  /** Comma-separated domain names of the site (context domainNames): required in prod. */
  domainNames?: string;
  /** The us-east-1 ACM certificate of those names (context certificateArn): required in prod. */
  certificateArn?: string;
  /** Optional: CloudFront's TLS policy (context tlsPolicy), one of TLS_POLICIES; DEFAULT_TLS_POLICY otherwise. */
  tlsPolicy?: string;
  /**
   * The custom MAIL FROM domain of the sender's SES domain identity (context mailFromDomain), e.g.
   * `mail.agency.example`: required in prod, where lead e-mails go out from a domain identity with
   * Easy DKIM; given in dev, dev does the same.
   */
  mailFromDomain?: string;
  /** Optional: SSM SecureString holding the lead webhook's URL (context leadWebhookUrlParam). */
  leadWebhookUrlParam?: string;
  /** Optional: SSM SecureString holding the webhook signing key (context leadWebhookSecretParam). */
  leadWebhookSecretParam?: string;
  /** Optional: `owner/name` of the GitHub repository that deploys the stage (context githubRepo). */
  githubRepo?: string;
  /** Optional: the account's existing GitHub OIDC provider (context githubOidcProviderArn). */
  githubOidcProviderArn?: string;
  /** Optional: `true` or `false`, overriding the stage's requireMfa (context requireMfa). */
  requireMfa?: string;
  /** Comma-separated addresses the stage's alarms e-mail (context alarmEmails): required in prod. */
  alarmEmails?: string;
  /** The stage's monthly AWS Budget in USD (context monthlyBudgetUsd); DEFAULT_MONTHLY_BUDGET_USD otherwise. */
  monthlyBudgetUsd?: string;
  /** Optional: `true` to post alarms to the lead webhook too (context alarmsToWebhook). */
  alarmsToWebhook?: string;
  /** Optional: `true` for the WAF web ACL (context waf), `false` to leave it out. */
  waf?: string;
  /** Optional: the WAF's limit per IP and 5 minutes on the form calls (context wafFormCallsPer5Min). */
  wafFormCallsPer5Min?: string;
  /** Optional: a region to copy backups to (context backupCopyRegion); off by default. */
  backupCopyRegion?: string;
}

/** Form calls (enquiry, sign-in, reset) one viewer IP may make in 5 minutes when the WAF is on. */
export const DEFAULT_WAF_FORM_CALLS_PER_5_MIN = 100;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parse a stage name, naming the allowed ones when it is wrong. */
export function parseStage(value: unknown): Stage {
  const parsed = z.enum(STAGES).safeParse(value);
  if (!parsed.success)
    throw new ConfigError(
      `Unknown stage ${JSON.stringify(value)}: use one of ${STAGES.join(', ')} (cdk synth -c stage=prod)`,
    );
  return parsed.data;
}

/** The validated configuration of a stage with operator overrides applied. */
export function stageConfig(stage: Stage, overrides: ConfigOverrides = {}): StageConfig {
  const base = defaults[stage];
  const missing = [
    ...(overrides.mailFrom ? [] : ['mailFrom (-c mailFrom=… or MAIL_FROM)']),
    ...(overrides.mailTo ? [] : ['mailTo (-c mailTo=a@x,b@y or MAIL_TO)']),
    // Nobody would hear of a failing production site: dev may go without.
    ...(stage === 'prod' && !overrides.alarmEmails
      ? ['alarmEmails (-c alarmEmails=ops@x,oncall@y)']
      : []),
    // A prod site on *.cloudfront.net cannot choose its TLS policy, and lead e-mails from an
    // unauthenticated sender land in spam: prod does not ship half-configured.
    ...(stage === 'prod' && !(overrides.domainNames && overrides.certificateArn)
      ? [
          'domainNames and certificateArn (-c domainNames=www.agency.example -c certificateArn=arn:aws:acm:us-east-1:…)',
        ]
      : []),
    ...(stage === 'prod' && !overrides.mailFromDomain
      ? [
          "mailFromDomain (-c mailFromDomain=mail.agency.example: the SES domain identity's MAIL FROM)",
        ]
      : []),
  ];
  if (missing.length > 0)
    throw new ConfigError(`Missing ${stage} configuration: ${missing.join('; ')}`);
  if (overrides.tlsPolicy && !overrides.domainNames)
    throw new ConfigError(
      'tlsPolicy applies to a custom domain only: set -c domainNames=… -c certificateArn=… too',
    );
  const requireMfa = parseSwitch('requireMfa', overrides.requireMfa);
  const alarmsToWebhook = parseSwitch('alarmsToWebhook', overrides.alarmsToWebhook) ?? false;
  if (alarmsToWebhook && !overrides.leadWebhookUrlParam)
    throw new ConfigError(
      'alarmsToWebhook=true posts alarms to the lead webhook: set -c leadWebhookUrlParam=… too',
    );
  // Prod has the WAF unless -c waf=false; dev only with -c waf=true (or a limit of its own).
  const waf =
    (parseSwitch('waf', overrides.waf) ?? stage === 'prod') ||
    overrides.wafFormCallsPer5Min !== undefined;
  const input: StageConfigInput = {
    ...base,
    mail: {
      from: overrides.mailFrom ?? '',
      to: splitList(overrides.mailTo ?? ''),
      ...(overrides.mailFromDomain
        ? {
            identityDomain: {
              name: (overrides.mailFrom ?? '').split('@').pop()?.toLowerCase() ?? '',
              mailFromDomain: overrides.mailFromDomain,
            },
          }
        : {}),
    },
    ...(overrides.domainNames || overrides.certificateArn
      ? {
          domain: {
            names: splitList(overrides.domainNames ?? ''),
            certificateArn: overrides.certificateArn ?? '',
            // An operator's string; stageConfigSchema below refuses any but TLS_POLICIES.
            tlsPolicy: (overrides.tlsPolicy ?? DEFAULT_TLS_POLICY) as TlsPolicy,
          },
        }
      : {}),
    ...(overrides.leadWebhookUrlParam || overrides.leadWebhookSecretParam
      ? {
          leadWebhook: {
            urlParameter: overrides.leadWebhookUrlParam ?? '',
            ...(overrides.leadWebhookSecretParam
              ? { secretParameter: overrides.leadWebhookSecretParam }
              : {}),
          },
        }
      : {}),
    ...(overrides.githubRepo || overrides.githubOidcProviderArn
      ? {
          github: {
            repo: overrides.githubRepo ?? '',
            ...(overrides.githubOidcProviderArn
              ? { oidcProviderArn: overrides.githubOidcProviderArn }
              : {}),
          },
        }
      : {}),
    ...(requireMfa === undefined ? {} : { requireMfa }),
    ...(overrides.backupCopyRegion ? { backupCopyRegion: overrides.backupCopyRegion } : {}),
    ...(waf
      ? {
          waf: {
            formCallsPer5Min:
              overrides.wafFormCallsPer5Min === undefined
                ? DEFAULT_WAF_FORM_CALLS_PER_5_MIN
                : Number(overrides.wafFormCallsPer5Min),
          },
        }
      : {}),
    operations: {
      alarmEmails: splitList(overrides.alarmEmails ?? ''),
      monthlyBudgetUsd:
        overrides.monthlyBudgetUsd === undefined
          ? DEFAULT_MONTHLY_BUDGET_USD[stage]
          : Number(overrides.monthlyBudgetUsd),
      alarmsToWebhook,
    },
  };
  const parsed = stageConfigSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid ${stage} configuration: ${problems}`);
  }
  return parsed.data;
}

const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An on/off override (`-c name=true|false`); undefined when not given. */
function parseSwitch(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ConfigError(
    `Invalid ${name} ${JSON.stringify(value)}: use -c ${name}=true or -c ${name}=false`,
  );
}
