import { RemovalPolicy } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { applyGrants, type GrantTargets } from '../apply-grants';
import { RENDER_GRANTS } from '../grants';
import { AgencyFunction } from './agency-function';
import type { Api } from './api';

export interface RenderProps {
  /** Absolute path of the render handler (`web/src/server/render-handler.ts`). */
  entry: string;
  /** tsconfig of the web package (JSX settings). */
  tsconfig: string;
  /** Routes of the pages it renders, in HTTP API syntax (`/blog/{slug}`). */
  routes: readonly string[];
  api: Api;
  targets: GrantTargets;
  /** Build-time settings Vite would inline as `import.meta.env` (VITE_SITE_URL…). */
  viteEnv: Record<string, string>;
  protectData: boolean;
  logRetentionDays: number;
}

/**
 * The blog render handler: the web app's server entry bundled as a function, answering the blog pages,
 * the career article, the sitemap and the RSS feed through public routes of the HTTP API. CloudFront
 * caches its answers; the post functions invalidate them on publish.
 */
export class Render extends Construct {
  readonly fn: AgencyFunction;

  constructor(scope: Construct, id: string, props: RenderProps) {
    super(scope, id);
    this.fn = new AgencyFunction(this, 'RenderFunction', {
      entry: props.entry,
      tsconfig: props.tsconfig,
      description: 'Server-renders blog pages, sitemap.xml and rss.xml.',
      logRetentionDays: props.logRetentionDays,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      memorySize: 1024,
      environment: { LOG_LEVEL: 'info' },
      // Vite inlines import.meta.env at build time; the function bundle gets the same values.
      define: {
        'import.meta.env': JSON.stringify({
          MODE: 'production',
          PROD: true,
          DEV: false,
          SSR: true,
          BASE_URL: '/',
          ...props.viteEnv,
        }),
      },
      // Styles are served by the static build, not by the function.
      loader: { '.css': 'empty' },
    });
    applyGrants(this.fn, RENDER_GRANTS, props.targets);
    props.api.addPageRoutes(props.routes, this.fn);
  }

  /** Tell the function the public address of the site (canonical, sitemap and RSS links). */
  setSiteUrl(siteUrl: string): void {
    this.fn.addEnvironment('SITE_URL', siteUrl);
  }
}
