import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_MONTHLY_BUDGET_USD,
  DEFAULT_TLS_POLICY,
  DEFAULT_WAF_FORM_CALLS_PER_5_MIN,
  parseStage,
  stackNameOf,
  stageConfig,
} from '../lib/config';
import { NODE_RUNTIME, retentionOf } from '../lib/constructs/agency-function';

/** What prod needs beyond the mail addresses: the site's custom domain and the sender's domain. */
const PROD_SITE = {
  domainNames: 'www.agency.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
  mailFromDomain: 'mail.agency.example',
};

describe('stage configuration', () => {
  const mail = {
    mailFrom: 'hello@agency.example',
    mailTo: 'sales@agency.example',
    alarmEmails: 'ops@agency.example',
    ...PROD_SITE,
  };

  it('protects data in prod only', () => {
    expect(stageConfig('prod', mail).protectData).toBe(true);
    expect(stageConfig('dev', mail).protectData).toBe(false);
    expect(stageConfig('prod', mail).stackName).toBe(stackNameOf('prod'));
    expect(stackNameOf('prod')).not.toBe(stackNameOf('dev'));
  });

  it('has no default mail addresses: a stage without them fails naming both', () => {
    for (const stage of ['dev', 'prod'] as const) {
      expect(() => stageConfig(stage)).toThrow(ConfigError);
      expect(() => stageConfig(stage)).toThrow(/mailFrom.*mailTo/);
    }
    expect(() => stageConfig('prod', { mailFrom: mail.mailFrom })).toThrow(/mailTo/);
    expect(() => stageConfig('prod', { mailTo: mail.mailTo })).toThrow(/mailFrom/);
  });

  it('requires TOTP enrolment in prod and not in dev, unless the operator says otherwise (-c requireMfa)', () => {
    expect(stageConfig('prod', mail).requireMfa).toBe(true);
    expect(stageConfig('dev', mail).requireMfa).toBe(false);
    expect(stageConfig('prod', { ...mail, requireMfa: 'false' }).requireMfa).toBe(false);
    expect(stageConfig('dev', { ...mail, requireMfa: 'true' }).requireMfa).toBe(true);
    for (const value of ['yes', 'TRUE', '1', ''])
      expect(() => stageConfig('prod', { ...mail, requireMfa: value }), value).toThrow(
        /requireMfa.*-c requireMfa=true or -c requireMfa=false/,
      );
  });

  it('rejects an unknown stage, naming the allowed ones', () => {
    expect(() => parseStage('staging')).toThrow(ConfigError);
    expect(() => parseStage('staging')).toThrow(/dev, prod/);
    expect(parseStage('prod')).toBe('prod');
  });

  it('applies operator overrides and validates them', () => {
    const config = stageConfig('prod', {
      ...mail,
      mailTo: 'a@agency.example, b@agency.example',
    });
    expect(config.mail).toEqual({
      from: 'hello@agency.example',
      to: ['a@agency.example', 'b@agency.example'],
      identityDomain: { name: 'agency.example', mailFromDomain: 'mail.agency.example' },
    });
    expect(() => stageConfig('prod', { ...mail, mailTo: 'not-an-address' })).toThrow(/mail\.to/);
    expect(() =>
      stageConfig('prod', {
        ...mail,
        domainNames: 'www.agency.example',
        certificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x',
      }),
    ).toThrow(/us-east-1/);
    expect(
      stageConfig('prod', {
        ...mail,
        domainNames: 'www.agency.example',
        certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x',
      }).domain,
    ).toEqual({
      names: ['www.agency.example'],
      certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x',
      tlsPolicy: DEFAULT_TLS_POLICY,
    });
  });

  it('refuses prod without a custom domain or a sender domain, naming each setting', () => {
    const { domainNames, certificateArn, mailFromDomain, ...bare } = mail;
    expect(() => stageConfig('prod', bare)).toThrow(
      /domainNames and certificateArn.*mailFromDomain/,
    );
    expect(() => stageConfig('prod', { ...bare, domainNames, certificateArn })).toThrow(
      /^Missing prod configuration: mailFromDomain/,
    );
    expect(() => stageConfig('prod', { ...bare, mailFromDomain, domainNames })).toThrow(
      /domainNames and certificateArn/,
    );
    // Dev may run on *.cloudfront.net and send from an e-mail identity.
    expect(stageConfig('dev', bare).domain).toBeUndefined();
    expect(stageConfig('dev', bare).mail.identityDomain).toBeUndefined();
  });

  it('takes a modern TLS policy only, for a custom domain', () => {
    expect(stageConfig('prod', { ...mail, tlsPolicy: 'TLSv1.3_2025' }).domain?.tlsPolicy).toBe(
      'TLSv1.3_2025',
    );
    for (const old of ['TLSv1', 'TLSv1.1_2016', 'TLSv1.2_2019', 'tls1.3'])
      expect(() => stageConfig('prod', { ...mail, tlsPolicy: old }), old).toThrow(
        /domain\.tlsPolicy/,
      );
    const { domainNames: _, certificateArn: __, ...noDomain } = mail;
    expect(() => stageConfig('dev', { ...noDomain, tlsPolicy: 'TLSv1.2_2021' })).toThrow(
      /tlsPolicy applies to a custom domain only/,
    );
  });

  it('sends from a domain identity whose MAIL FROM is its own subdomain', () => {
    expect(() => stageConfig('prod', { ...mail, mailFromDomain: 'mail.other.example' })).toThrow(
      /mail\.identityDomain: mailFromDomain must be a subdomain/,
    );
    expect(() => stageConfig('prod', { ...mail, mailFromDomain: 'Not a domain' })).toThrow(
      /mail\.identityDomain\.mailFromDomain: must be a domain name/,
    );
  });
});

describe('lead webhook settings', () => {
  const mail = {
    mailFrom: 'hello@agency.example',
    mailTo: 'sales@agency.example',
    alarmEmails: 'ops@agency.example',
    ...PROD_SITE,
  };

  it('has none unless the operator names its SSM parameters', () => {
    expect(stageConfig('prod', mail).leadWebhook).toBeUndefined();
    expect(
      stageConfig('prod', { ...mail, leadWebhookUrlParam: '/agency/prod/lead-webhook-url' })
        .leadWebhook,
    ).toEqual({ urlParameter: '/agency/prod/lead-webhook-url' });
    expect(
      stageConfig('dev', {
        ...mail,
        leadWebhookUrlParam: 'agency-dev-webhook-url',
        leadWebhookSecretParam: '/agency/dev/lead-webhook-secret',
      }).leadWebhook,
    ).toEqual({
      urlParameter: 'agency-dev-webhook-url',
      secretParameter: '/agency/dev/lead-webhook-secret',
    });
  });

  it('refuses a signing key without a URL, and names that are not SSM parameter names', () => {
    expect(() =>
      stageConfig('prod', { ...mail, leadWebhookSecretParam: '/agency/prod/secret' }),
    ).toThrow(/leadWebhook\.urlParameter/);
    expect(() =>
      stageConfig('prod', {
        ...mail,
        leadWebhookUrlParam: 'https://hooks.slack.com/services/T/B/x',
      }),
    ).toThrow(/leadWebhook\.urlParameter: must be an SSM parameter name/);
    expect(() => stageConfig('prod', { ...mail, leadWebhookUrlParam: '/aws/hook' })).toThrow(
      /reserved/,
    );
  });
});

describe('function defaults', () => {
  it('runs the newest Node runtime aws-cdk-lib knows, at least Node 22', () => {
    const major = Number(/nodejs(\d+)/.exec(NODE_RUNTIME.name)?.[1]);
    expect(major).toBeGreaterThanOrEqual(22);
  });

  it('keeps logs at least as long as configured', () => {
    expect(retentionOf(7)).toBe(7);
    expect(retentionOf(8)).toBe(14);
    expect(retentionOf(90)).toBe(90);
  });
});

describe('operations settings', () => {
  const mail = { mailFrom: 'hello@agency.example', mailTo: 'sales@agency.example', ...PROD_SITE };

  it('requires alarm e-mails in prod, naming the setting, and lets dev go without', () => {
    expect(() => stageConfig('prod', mail)).toThrow(ConfigError);
    expect(() => stageConfig('prod', mail)).toThrow(/alarmEmails \(-c alarmEmails=/);
    expect(stageConfig('dev', mail).operations.alarmEmails).toEqual([]);
    expect(
      stageConfig('prod', { ...mail, alarmEmails: 'ops@agency.example, oncall@agency.example' })
        .operations.alarmEmails,
    ).toEqual(['ops@agency.example', 'oncall@agency.example']);
    expect(() => stageConfig('dev', { ...mail, alarmEmails: 'ops@agency.example,nobody' })).toThrow(
      /operations\.alarmEmails/,
    );
  });

  it('sets a monthly budget per stage, which the operator may change', () => {
    const prod = { ...mail, alarmEmails: 'ops@agency.example' };
    expect(stageConfig('prod', prod).operations.monthlyBudgetUsd).toBe(
      DEFAULT_MONTHLY_BUDGET_USD.prod,
    );
    expect(stageConfig('dev', mail).operations.monthlyBudgetUsd).toBe(
      DEFAULT_MONTHLY_BUDGET_USD.dev,
    );
    expect(
      stageConfig('prod', { ...prod, monthlyBudgetUsd: '250' }).operations.monthlyBudgetUsd,
    ).toBe(250);
    for (const value of ['0', '-5', 'lots'])
      expect(() => stageConfig('prod', { ...prod, monthlyBudgetUsd: value }), value).toThrow(
        /operations\.monthlyBudgetUsd/,
      );
  });
});

describe('edge and alarm-channel settings', () => {
  const mail = { mailFrom: 'hello@agency.example', mailTo: 'sales@agency.example' };

  it('posts alarms to the webhook only when asked, and only with a webhook to post to', () => {
    expect(stageConfig('dev', mail).operations.alarmsToWebhook).toBe(false);
    expect(() => stageConfig('dev', { ...mail, alarmsToWebhook: 'true' })).toThrow(
      /leadWebhookUrlParam/,
    );
    expect(
      stageConfig('dev', {
        ...mail,
        alarmsToWebhook: 'true',
        leadWebhookUrlParam: '/agency/dev/lead-webhook-url',
      }).operations.alarmsToWebhook,
    ).toBe(true);
    expect(() => stageConfig('dev', { ...mail, alarmsToWebhook: 'yes' })).toThrow(
      /-c alarmsToWebhook=true/,
    );
  });

  it('has no WAF unless asked; a limit alone turns it on; the limit is at least the 10 WAF allows', () => {
    expect(stageConfig('dev', mail).waf).toBeUndefined();
    expect(stageConfig('dev', { ...mail, waf: 'false' }).waf).toBeUndefined();
    expect(stageConfig('dev', { ...mail, waf: 'true' }).waf).toEqual({
      formCallsPer5Min: DEFAULT_WAF_FORM_CALLS_PER_5_MIN,
    });
    expect(stageConfig('dev', { ...mail, wafFormCallsPer5Min: '40' }).waf).toEqual({
      formCallsPer5Min: 40,
    });
    expect(() => stageConfig('dev', { ...mail, wafFormCallsPer5Min: '5' })).toThrow(
      /waf\.formCallsPer5Min/,
    );
  });
});
