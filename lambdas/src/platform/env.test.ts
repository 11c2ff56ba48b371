import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENV_NAMES, NO_DISTRIBUTION } from '@agency/shared';
import {
  authSettings,
  captchaEnv,
  checkCompleteEnvironment,
  ConfigError,
  distributionId,
  originSecrets,
  mailSettings,
  mediaBucket,
  redirectStoreArn,
  resetEnv,
  runtimeSettings,
  sitePagePaths,
  tableName,
} from './env';

const NAMES = Object.values(ENV_NAMES);
let saved: Record<string, string | undefined>;

beforeEach(() => {
  saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
  for (const n of NAMES) delete process.env[n];
  resetEnv();
});
afterEach(() => {
  for (const [n, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[n];
    else process.env[n] = v;
  }
  resetEnv();
});

const set = (values: Record<string, string>) => {
  Object.assign(process.env, values);
  resetEnv();
};

/** Everything the CDK stack would set on a function granted every resource. */
const complete = {
  CONTENT_TABLE: 'agency-content',
  LEADS_TABLE: 'agency-leads',
  VIEWS_TABLE: 'agency-views',
  STATS_TABLE: 'agency-stats',
  TEAM_TABLE: 'agency-team',
  AUDIT_TABLE: 'agency-audit',
  ANALYTICS_TABLE: 'agency-analytics',
  VISITORS_TABLE: 'agency-visitors',
  MEDIA_BUCKET: 'agency-media',
  IMAGE_FUNCTION: 'agency-dev-process-image',
  USER_POOL_ID: 'eu-west-1_abc',
  USER_POOL_CLIENT_ID: 'client123',
  ADMIN_GROUP: 'admins',
  MAIL_FROM: 'no-reply@agency.example',
  MAIL_TO: 'sales@agency.example',
  CAPTCHA_HMAC_KEY_PARAM: '/aws/reference/secretsmanager/captcha',
  DISTRIBUTION_ID: 'E2QWRUHAPOMQZL',
  SITE_URL: 'https://www.agency.example',
  ORIGIN_VERIFY: JSON.stringify({ current: 'c'.repeat(48), previous: '' }),
  REDIRECT_STORE_ARN:
    'arn:aws:cloudfront::123456789012:key-value-store/82799aa8-8e20-4444-8888-dd17f114b000',
  SITE_PAGE_PATHS: JSON.stringify(['/', '/about', '/blog/*']),
  SITE_RENDERED_PATHS: JSON.stringify(['/blog', '/blog/*', '/rss.xml']),
  SITE_BUCKET: 'agency-site',
  RENDER_FUNCTION: 'agency-dev-render',
};

describe('Lambda settings', () => {
  it('has no default resource names, addresses or groups: each missing one is named', () => {
    expect(() => tableName('content')).toThrow('CONTENT_TABLE is not set');
    expect(() => tableName('leads')).toThrow('LEADS_TABLE is not set');
    expect(() => tableName('views')).toThrow('VIEWS_TABLE is not set');
    expect(() => mediaBucket()).toThrow('MEDIA_BUCKET is not set');
    expect(() => mailSettings()).toThrow(/MAIL_FROM is not set; MAIL_TO is not set/);
    expect(() => authSettings()).toThrow(
      /USER_POOL_ID is not set; USER_POOL_CLIENT_ID is not set; ADMIN_GROUP is not set/,
    );
    expect(() => distributionId()).toThrow('DISTRIBUTION_ID is not set');
    expect(() => captchaEnv()).toThrow(
      /CAPTCHA_HMAC_KEY_PARAM is not set \(nor CAPTCHA_HMAC_KEY\)/,
    );
    expect(() => tableName('content')).toThrow(ConfigError);
  });

  it('treats an empty value as unset', () => {
    set({ CONTENT_TABLE: '' });
    expect(() => tableName('content')).toThrow('CONTENT_TABLE is not set');
  });

  it('requires only the group a caller reads, so a function needs only what its grants set', () => {
    // A function granted the views table alone (none in AWS today, but the rule is per group).
    set({ VIEWS_TABLE: 'agency-views' });
    expect(tableName('views')).toBe('agency-views');
    expect(() => tableName('content')).toThrow('CONTENT_TABLE');
  });

  it('reads each group once: a later change is seen only after resetEnv (a new container)', () => {
    set({ CONTENT_TABLE: 'first' });
    expect(tableName('content')).toBe('first');
    process.env.CONTENT_TABLE = 'second';
    expect(tableName('content')).toBe('first');
    resetEnv();
    expect(tableName('content')).toBe('second');
  });

  it('parses the settings a deployed function gets', () => {
    set(complete);
    expect(authSettings()).toEqual({
      userPoolId: 'eu-west-1_abc',
      userPoolClientId: 'client123',
      adminGroup: 'admins',
      requireMfa: false,
    });
    set({ ...complete, REQUIRE_MFA: 'true' });
    expect(authSettings().requireMfa).toBe(true);
    set({ ...complete, ADMIN_GROUP: 'staff' });
    expect(() => authSettings()).toThrow('ADMIN_GROUP must be admins');
    set({ ...complete, REQUIRE_MFA: 'yes' });
    expect(() => authSettings()).toThrow('REQUIRE_MFA: must be true or false');
    expect(mailSettings()).toEqual({
      from: 'no-reply@agency.example',
      to: 'sales@agency.example',
    });
    expect(captchaEnv()).toEqual({
      keyParameter: '/aws/reference/secretsmanager/captcha',
      cost: 1000,
      maxCounter: 3000,
    });
    expect(distributionId()).toBe('E2QWRUHAPOMQZL');
    expect(runtimeSettings()).toEqual({ logLevel: 'info' });
    expect(originSecrets()).toEqual(['c'.repeat(48)]);
    set({
      ...complete,
      ORIGIN_VERIFY: JSON.stringify({ current: 'c'.repeat(48), previous: 'p'.repeat(48) }),
    });
    expect(originSecrets()).toEqual(['c'.repeat(48), 'p'.repeat(48)]);
  });

  it('refuses an origin secret that is missing, not JSON or short', () => {
    expect(() => originSecrets()).toThrow('ORIGIN_VERIFY is not set');
    set({ ORIGIN_VERIFY: 'plain' });
    expect(() => originSecrets()).toThrow('ORIGIN_VERIFY is not JSON');
    set({ ORIGIN_VERIFY: JSON.stringify({ current: 'short' }) });
    expect(() => originSecrets()).toThrow('at least 32');
  });

  it('reads the redirect store and the page paths, refusing what is not an ARN or a JSON list of paths', () => {
    expect(() => redirectStoreArn()).toThrow('REDIRECT_STORE_ARN is not set');
    set(complete);
    expect(redirectStoreArn()).toBe(complete.REDIRECT_STORE_ARN);
    expect(sitePagePaths()).toEqual(['/', '/about', '/blog/*']);
    set({ REDIRECT_STORE_ARN: 'arn:aws:s3:::bucket', SITE_PAGE_PATHS: '["about"]' });
    expect(() => redirectStoreArn()).toThrow(/REDIRECT_STORE_ARN: must be a KeyValueStore ARN/);
    expect(() => sitePagePaths()).toThrow(/SITE_PAGE_PATHS must be a JSON array/);
  });

  it('skips invalidation only where the configuration says there is no distribution', () => {
    set({ DISTRIBUTION_ID: NO_DISTRIBUTION });
    expect(distributionId()).toBeUndefined();
  });

  it('names malformed values, not only missing ones', () => {
    set({ CAPTCHA_HMAC_KEY: 'short', CAPTCHA_COST: 'many', LOG_LEVEL: 'loud' });
    expect(() => captchaEnv()).toThrow(/CAPTCHA_HMAC_KEY: .*16/);
    expect(() => captchaEnv()).toThrow(/CAPTCHA_COST: /);
    expect(() => runtimeSettings()).toThrow(/LOG_LEVEL: /);
  });

  it('checks a complete environment against every group, naming every gap', () => {
    expect(() => checkCompleteEnvironment(complete)).not.toThrow();
    const { MEDIA_BUCKET: _m, MAIL_TO: _t, ...partial } = complete;
    expect(() => checkCompleteEnvironment(partial)).toThrow(
      /MEDIA_BUCKET is not set.*MAIL_TO is not set/,
    );
  });
});

describe('a handler started without its settings', () => {
  it('fails its first invocation with a 500 and a log line naming the missing variable', () => {
    const handler = fileURLToPath(
      new URL('../modules/posts/handlers/list-posts.ts', import.meta.url),
    );
    const event = fileURLToPath(new URL('../local/edge-server/apigw-event.ts', import.meta.url));
    // A fresh process is a fresh container: nothing parsed, nothing cached.
    const script = `
      const { handler } = await import(${JSON.stringify(handler)});
      const { apiGatewayEvent } = await import(${JSON.stringify(event)});
      const result = await handler(
        apiGatewayEvent({ method: 'GET', rawPath: '/api/user/post/list', headers: { 'x-origin-verify': ${JSON.stringify('c'.repeat(48))} }, routeKey: 'GET /api/user/post/list' }),
        { awsRequestId: 'cold-start', functionName: 'listPosts' },
      );
      process.stdout.write(JSON.stringify({ status: result.statusCode }));
    `;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'eu-west-1',
      LOG_LEVEL: 'warn',
      ORIGIN_VERIFY: complete.ORIGIN_VERIFY,
    };
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.stdout).toBe(JSON.stringify({ status: 500 }));
    expect(run.stderr).toContain('CONTENT_TABLE is not set');
  });
});
