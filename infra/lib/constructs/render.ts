import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RENDER } from '@agency/lambdas/functions';
import { ENV_NAMES } from '@agency/shared';
import { Construct } from 'constructs';
import { AgencyFunction } from './agency-function';
import type { Api } from './api';

export interface RenderProps {
  /** Routes of the pages it renders, in HTTP API syntax (`/blog/{slug}`). */
  routes: readonly string[];
  api: Api;
  protectData: boolean;
  logRetentionDays: number;
}

/**
 * The blog render handler: the web app's server entry (`web/src/server/render-handler.ts`, built by
 * Vite with the web package's config so its asset addresses match the uploaded build, then bundled as
 * every function is, with the HTML shell and manifest beside it), answering the blog pages, the career
 * article, the sitemap and the RSS feed through public routes of the HTTP API. It reads posts through
 * the public API (through CloudFront), so it is granted nothing. CloudFront caches its answers; the post functions invalidate them.
 * The page writers and the `seed-pages` deploy job also invoke it directly (`renderPages`: the
 * HTML of marketing pages with the site settings they send), for which it needs only SITE_URL;
 * page requests through the API carry CloudFront's origin secret (ORIGIN_SECRET_ARN) or are refused.
 */
export class Render extends Construct {
  readonly fn: AgencyFunction;

  constructor(scope: Construct, id: string, props: RenderProps) {
    super(scope, id);
    this.fn = new AgencyFunction(this, 'RenderFunction', {
      bundle: RENDER,
      description:
        'Server-renders blog pages, sitemap.xml and rss.xml, and the marketing pages staff publish.',
      logRetentionDays: props.logRetentionDays,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      memorySize: 1024,
      timeout: Duration.seconds(10),
      // No API_ORIGIN: it reads the API at the site's address (SITE_URL), through CloudFront, the
      // API's one door in (the execute-api address refuses calls without CloudFront's origin header).
      // It keeps that door too: a page request without the origin secret is refused (403), as every
      // API function refuses it (read from Secrets Manager at run time, as theirs is).
    });
    props.api.grantOriginSecret(this.fn);
    props.api.addPageRoutes(props.routes, this.fn);
  }

  /** Tell the function the public address of the site (canonical, sitemap and RSS links). */
  setSiteUrl(siteUrl: string): void {
    this.fn.addEnvironment(ENV_NAMES.siteUrl, siteUrl);
  }
}
