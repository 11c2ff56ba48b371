import { randomBytes } from 'node:crypto';
import { ADMIN_GROUP, ENV_NAMES as N, LOCAL_STACK } from '@agency/shared';
import { LOCAL_DISTRIBUTION_ID } from '../stand-ins/cloudfront-api';
import { VIEWER_IP_HEADER } from '@agency/shared/edge';
import { RENDER, workerFunction } from '../../../bundling/functions';
import { checkCompleteEnvironment } from '../../platform/env';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../stand-ins/credentials';
import { LOCAL_NAMES, type Provisioned } from './provision';
import type { StandIns } from '../stand-ins/stand-ins';
import { LOCAL_KVS_ARN } from '../stand-ins/key-value-store';

/** What the render handler reads; known only once the local server listens. */
export interface LocalSite {
  /** Public address of the site (canonical links, sitemap, RSS). */
  url: string;
  /** Where the render handler calls the API (the local server itself). */
  apiOrigin: string;
  /** The web build whose HTML shell pages are rendered into. */
  webDist: string;
}

export interface LocalEnvironmentOptions {
  endpoints: StandIns['endpoints'];
  provisioned: Provisioned;
  mail: { from: string; to: string };
  /**
   * Absent where no page is rendered (API tests): then the render variables are not set, and links
   * in lead notifications point at the default local address.
   */
  site?: LocalSite;
  /** The developer's lead settings (`npm start` reads them from its environment); none: no webhook. */
  leads?: LocalLeadSettings;
  /**
   * Every staff account must enrol TOTP before anything else, as the `prod` stage's `requireMfa`
   * (`npm start` passes its REQUIRE_MFA through). Default off, as in the other stages.
   */
  requireMfa?: boolean;
  /** The redirect store's ARN (default: the KeyValueStore stand-in's one store). */
  redirectStoreArn?: string;
  /**
   * The site's page paths a redirect may not hide (edge patterns, `sitePagePatterns` of the web
   * build's site pages); none where no site is served (API tests).
   */
  pagePaths?: readonly string[];
  /**
   * The path patterns the render function answers, which the edge caches (the build's
   * `pages.rendered`, as the CDK stack passes them): what a post change invalidates.
   */
  renderedPaths?: readonly string[];
}

/** SITE_URL where no page is rendered (API tests): the default local address. */
export const API_TEST_SITE_URL = LOCAL_STACK.url;

/** Locally the webhook's URL and signing key are the values themselves (SSM names in AWS). */
export interface LocalLeadSettings {
  webhookUrl?: string;
  webhookSecret?: string;
  /** Minimum fill time of the enquiry form in ms (default LEAD_SPAM.minFillMs). */
  minFillMs?: number;
}

/**
 * Every variable the in-process handlers of the local stack read: the SDK's endpoints and
 * credentials for the stand-ins, then the settings the CDK stack would set from its grants.
 */
export interface LocalEnv {
  readonly AWS_REGION: string;
  readonly AWS_ACCESS_KEY_ID: string;
  readonly AWS_SECRET_ACCESS_KEY: string;
  readonly AWS_ENDPOINT_URL_DYNAMODB: string;
  readonly AWS_ENDPOINT_URL_S3: string;
  readonly AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: string;
  readonly AWS_ENDPOINT_URL_SESV2: string;
  readonly AWS_ENDPOINT_URL_LAMBDA: string;
  readonly AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE: string;
  readonly AWS_ENDPOINT_URL_CLOUDFRONT: string;
  readonly REDIRECT_STORE_ARN: string;
  readonly SITE_PAGE_PATHS: string;
  readonly SITE_RENDERED_PATHS: string;
  readonly CONTENT_TABLE: string;
  readonly LEADS_TABLE: string;
  readonly VIEWS_TABLE: string;
  readonly STATS_TABLE: string;
  readonly TEAM_TABLE: string;
  readonly AUDIT_TABLE: string;
  readonly ANALYTICS_TABLE: string;
  readonly VISITORS_TABLE: string;
  readonly REQUIRE_MFA: 'true' | 'false';
  readonly MEDIA_BUCKET: string;
  readonly SITE_BUCKET: string;
  readonly RENDER_FUNCTION: string;
  readonly IMAGE_FUNCTION: string;
  readonly USER_POOL_ID: string;
  readonly USER_POOL_CLIENT_ID: string;
  readonly ADMIN_GROUP: string;
  readonly COGNITO_ISSUER: string;
  readonly MAIL_FROM: string;
  readonly MAIL_TO: string;
  readonly CAPTCHA_HMAC_KEY: string;
  readonly DISTRIBUTION_ID: string;
  readonly ORIGIN_VERIFY: string;
  readonly CLIENT_IP_HEADER: string;
  readonly SITE_URL: string;
  readonly API_ORIGIN?: string;
  readonly WEB_DIST?: string;
  readonly LEAD_WEBHOOK_URL?: string;
  readonly LEAD_WEBHOOK_SECRET?: string;
  readonly LEAD_MIN_FILL_MS?: string;
}

/**
 * The complete environment of the local stack, built once its stand-ins, resources and (for
 * `npm start`) port are known, and checked against the schemas the Lambdas parse, so the local
 * stack cannot run on a setting the deployed functions would refuse.
 */
export function localEnvironment(options: LocalEnvironmentOptions): LocalEnv {
  const { endpoints, provisioned, mail, site, leads = {}, requireMfa = false } = options;
  const env = {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    AWS_ENDPOINT_URL_SESV2: endpoints.ses,
    // The Lambda API stand-in runs the workers by their bundle name, as the CDK stack names them.
    AWS_ENDPOINT_URL_LAMBDA: endpoints.lambda,
    AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE: endpoints.kvs,
    // Invalidations go to the CloudFront stand-in, whose distribution the local edge server plays.
    AWS_ENDPOINT_URL_CLOUDFRONT: endpoints.cloudfront,
    [N.redirectStoreArn]: options.redirectStoreArn ?? LOCAL_KVS_ARN,
    [N.sitePagePaths]: JSON.stringify(options.pagePaths ?? []),
    [N.siteRenderedPaths]: JSON.stringify(options.renderedPaths ?? []),
    [N.contentTable]: LOCAL_NAMES.tables.content,
    [N.leadsTable]: LOCAL_NAMES.tables.leads,
    [N.viewsTable]: LOCAL_NAMES.tables.views,
    [N.statsTable]: LOCAL_NAMES.tables.stats,
    [N.teamTable]: LOCAL_NAMES.tables.team,
    [N.auditTable]: LOCAL_NAMES.tables.audit,
    [N.analyticsTable]: LOCAL_NAMES.tables.analytics,
    [N.visitorsTable]: LOCAL_NAMES.tables.visitors,
    [N.requireMfa]: requireMfa ? 'true' : 'false',
    [N.mediaBucket]: LOCAL_NAMES.bucket,
    [N.siteBucket]: LOCAL_NAMES.siteBucket,
    // The Lambda API stand-in runs the render function by this name, as the CDK stack names it.
    [N.renderFunction]: RENDER,
    [N.imageFunction]: workerFunction('process-image').name,
    [N.userPoolId]: provisioned.userPoolId,
    [N.userPoolClientId]: provisioned.userPoolClientId,
    [N.adminGroup]: ADMIN_GROUP,
    [N.cognitoIssuer]: `${endpoints.cognito}/${provisioned.userPoolId}`,
    [N.mailFrom]: mail.from,
    [N.mailTo]: mail.to,
    [N.captchaKey]: provisioned.captchaHmacKey,
    // The local edge server caches the rendered pages as the distribution does, and empties that
    // cache on the invalidations the CloudFront stand-in takes.
    [N.distributionId]: LOCAL_DISTRIBUTION_ID,
    // One door in, as in AWS: the local edge server adds this stack's origin secret (a new one per
    // start) and the viewer's address, and the functions trust the address only with the secret.
    [N.originVerify]: JSON.stringify({ current: randomBytes(32).toString('base64url') }),
    [N.clientIpHeader]: VIEWER_IP_HEADER,
    // Lead notifications link to the admin on the site; API tests have no site, so the local one.
    [N.siteUrl]: site?.url ?? API_TEST_SITE_URL,
    ...(site ? { [N.apiOrigin]: site.apiOrigin, [N.webDist]: site.webDist } : {}),
    ...(leads.webhookUrl ? { [N.leadWebhookUrl]: leads.webhookUrl } : {}),
    ...(leads.webhookSecret ? { [N.leadWebhookSecret]: leads.webhookSecret } : {}),
    ...(leads.minFillMs !== undefined ? { [N.leadMinFillMs]: String(leads.minFillMs) } : {}),
  } satisfies LocalEnv;
  checkCompleteEnvironment(env);
  return env;
}

/**
 * Hand the environment to the in-process handlers. Call it before any handler module runs: they
 * parse their settings once, on first use.
 */
export function applyLocalEnvironment(env: LocalEnv): void {
  Object.assign(process.env, env);
}
