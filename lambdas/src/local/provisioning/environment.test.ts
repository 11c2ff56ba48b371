import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP } from '@agency/shared';
import { LOCAL_DISTRIBUTION_ID } from '../stand-ins/cloudfront-api';
import { API_TEST_SITE_URL, localEnvironment } from './environment';

const endpoints = {
  dynamodb: 'http://127.0.0.1:4001',
  s3: 'http://127.0.0.1:4002',
  cognito: 'http://127.0.0.1:4003',
  ses: 'http://127.0.0.1:4004',
  lambda: 'http://127.0.0.1:4005',
  kvs: 'http://127.0.0.1:4006',
  cloudfront: 'http://127.0.0.1:4007',
};
const provisioned = {
  userPoolId: 'local_pool1',
  userPoolClientId: 'client1',
  captchaHmacKey: 'k'.repeat(64),
};
const mail = { from: 'no-reply@example.com', to: 'sales@example.com' };

describe('localEnvironment', () => {
  it('names every resource the way the CDK grants would, the distribution the local edge plays included', () => {
    const env = localEnvironment({ endpoints, provisioned, mail });
    expect(env).toMatchObject({
      AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
      USER_POOL_ID: 'local_pool1',
      ADMIN_GROUP,
      COGNITO_ISSUER: 'http://127.0.0.1:4003/local_pool1',
      // Invalidations reach the CloudFront stand-in, which empties the local edge's cache.
      DISTRIBUTION_ID: LOCAL_DISTRIBUTION_ID,
      AWS_ENDPOINT_URL_CLOUDFRONT: endpoints.cloudfront,
      SITE_RENDERED_PATHS: '[]',
      MAIL_TO: 'sales@example.com',
      // The functions that invoke the image function reach it through the Lambda API stand-in.
      AWS_ENDPOINT_URL_LAMBDA: endpoints.lambda,
      IMAGE_FUNCTION: 'process-image',
      TEAM_TABLE: 'team',
      AUDIT_TABLE: 'audit',
      // Two-factor enrolment is not required unless asked for (prod's requireMfa).
      REQUIRE_MFA: 'false',
      // The redirect store: the KeyValueStore stand-in's endpoint and its one store; no page paths without a site.
      AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE: endpoints.kvs,
      REDIRECT_STORE_ARN: 'arn:aws:cloudfront::000000000000:key-value-store/local-redirects',
      SITE_PAGE_PATHS: '[]',
    });
    expect(
      localEnvironment({ endpoints, provisioned, mail, pagePaths: ['/about', '/blog/*'] })
        .SITE_PAGE_PATHS,
    ).toBe('["/about","/blog/*"]');
    expect(
      localEnvironment({ endpoints, provisioned, mail, renderedPaths: ['/blog', '/blog/*'] })
        .SITE_RENDERED_PATHS,
    ).toBe('["/blog","/blog/*"]');
    expect(localEnvironment({ endpoints, provisioned, mail, requireMfa: true }).REQUIRE_MFA).toBe(
      'true',
    );
    // The render handler's settings come only with the site's address, known once the port is;
    // until then links in lead notifications point at the default local address.
    expect(env.SITE_URL).toBe(API_TEST_SITE_URL);
    expect(env.API_ORIGIN).toBeUndefined();
    // No webhook unless the developer configures one.
    expect(env).not.toHaveProperty('LEAD_WEBHOOK_URL');
    expect(env).not.toHaveProperty('LEAD_WEBHOOK_SECRET');
    const site = {
      url: 'http://localhost:4321',
      apiOrigin: 'http://127.0.0.1:4321',
      webDist: '/w',
    };
    expect(localEnvironment({ endpoints, provisioned, mail, site })).toMatchObject({
      SITE_URL: site.url,
      API_ORIGIN: site.apiOrigin,
      WEB_DIST: '/w',
    });
  });

  it("hands the developer's webhook and fill-time settings to the handlers", () => {
    const leads = {
      webhookUrl: 'http://127.0.0.1:4010/hook',
      webhookSecret: 's'.repeat(32),
      minFillMs: 0,
    };
    expect(localEnvironment({ endpoints, provisioned, mail, leads })).toMatchObject({
      LEAD_WEBHOOK_URL: leads.webhookUrl,
      LEAD_WEBHOOK_SECRET: leads.webhookSecret,
      LEAD_MIN_FILL_MS: '0',
    });
    expect(() =>
      localEnvironment({ endpoints, provisioned, mail, leads: { webhookUrl: 'ftp://x/hook' } }),
    ).toThrow(/LEAD_WEBHOOK_URL: must be an http\(s\) URL/);
    expect(() =>
      localEnvironment({ endpoints, provisioned, mail, leads: { webhookSecret: 'short' } }),
    ).toThrow(/LEAD_WEBHOOK_SECRET: must be at least 16 characters/);
  });

  it('refuses what the deployed functions would refuse, naming it', () => {
    expect(() =>
      localEnvironment({ endpoints, provisioned: { ...provisioned, userPoolId: '' }, mail }),
    ).toThrow('USER_POOL_ID is not set');
    expect(() =>
      localEnvironment({
        endpoints,
        provisioned: { ...provisioned, captchaHmacKey: 'short' },
        mail,
      }),
    ).toThrow(/CAPTCHA_HMAC_KEY: /);
    expect(() => localEnvironment({ endpoints, provisioned, mail: { ...mail, to: '' } })).toThrow(
      'MAIL_TO is not set',
    );
  });
});
