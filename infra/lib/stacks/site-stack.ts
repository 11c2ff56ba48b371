import { SPECIAL_SLUGS } from '@agency/shared';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AccessLogs } from '../constructs/access-logs';
import { Api } from '../constructs/api';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { LeadJobs } from '../constructs/lead-jobs';
import { Mail } from '../constructs/mail';
import { PostJobs } from '../constructs/post-jobs';
import { Media } from '../constructs/media';
import { Render } from '../constructs/render';
import { Site } from '../constructs/site';
import { OUTPUTS } from '../names';
import { siteRoutes, type WebBuild } from '../site-routes';

export { OUTPUTS };

export interface SiteStackProps extends StackProps {
  config: StageConfig;
  /** The web build, when it exists. */
  web: WebBuild | undefined;
}

/** Pages the render handler answers, as HTTP API routes and as CloudFront path patterns. */
export const RENDERED_PAGES = {
  routes: ['/blog', '/blog/{slug}', `/${SPECIAL_SLUGS.career}`, '/sitemap.xml', '/rss.xml'],
  patterns: ['/blog', '/blog/*', `/${SPECIAL_SLUGS.career}`, '/sitemap.xml', '/rss.xml'],
} as const;

/** The whole system for one stage: data, media, auth, mail, API, render handler, jobs (lead e-mails, scheduled posts) and site. */
export class SiteStack extends Stack {
  readonly data: Data;
  readonly media: Media;
  readonly auth: Auth;
  readonly mail: Mail;
  readonly api: Api;
  readonly render: Render;
  readonly jobs: LeadJobs;
  readonly postJobs: PostJobs;
  readonly site: Site;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config } = props;
    const common = { protectData: config.protectData, logRetentionDays: config.logRetentionDays };

    const accessLogs = new AccessLogs(this, 'AccessLogs', {
      protectData: config.protectData,
      retentionDays: Math.max(config.logRetentionDays, 30),
    });
    this.data = new Data(this, 'Data', { protectData: config.protectData });
    this.media = new Media(this, 'Media', {
      protectData: config.protectData,
      accessLogs: accessLogs.bucket,
    });
    this.auth = new Auth(this, 'Auth', { protectData: config.protectData });
    this.mail = new Mail(this, 'Mail', config.mail);
    const targets = {
      tables: this.data.tables,
      media: this.media.bucket,
      mail: this.mail,
      auth: this.auth,
    };

    this.api = new Api(this, 'Api', {
      ...common,
      targets,
      auth: this.auth,
      throttle: config.apiThrottle,
    });
    this.render = new Render(this, 'Render', {
      ...common,
      routes: RENDERED_PAGES.routes,
      api: this.api,
    });
    this.jobs = new LeadJobs(this, 'LeadJobs', {
      ...common,
      targets,
    });
    this.postJobs = new PostJobs(this, 'PostJobs', {
      ...common,
      targets,
    });

    this.site = new Site(this, 'Site', {
      apiDomainName: this.api.domainName,
      media: this.media.bucket,
      accessLogs: accessLogs.bucket,
      web: props.web,
      routes: props.web?.routes ?? siteRoutes([]),
      pagePatterns: RENDERED_PAGES.patterns,
      protectData: config.protectData,
      priceClass: config.priceClass,
      domain: config.domain,
      csp: config.csp,
    });
    this.api.connectSite(this.site.distribution, this.site.url);
    this.render.setSiteUrl(this.site.url);
    this.jobs.retryFunction.addEnvironment('SITE_URL', this.site.url);
    this.postJobs.connectSite(this.site.distribution);

    new CfnOutput(this, OUTPUTS.siteUrl, {
      value: this.site.url,
      description: 'Public address of the site.',
    });
    new CfnOutput(this, OUTPUTS.apiUrl, {
      value: this.api.url,
      description: 'Direct address of the HTTP API (the site reaches it under /api).',
    });
    new CfnOutput(this, OUTPUTS.userPoolId, {
      value: this.auth.userPool.userPoolId,
      description: 'Cognito user pool of the admins.',
    });
    new CfnOutput(this, OUTPUTS.userPoolClientId, {
      value: this.auth.client.userPoolClientId,
      description: 'App client the admin login uses.',
    });
    new CfnOutput(this, OUTPUTS.distributionId, {
      value: this.site.distribution.distributionId,
      description: 'CloudFront distribution of the site.',
    });
  }
}
