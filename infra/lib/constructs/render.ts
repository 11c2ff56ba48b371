import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { AssetHashType, DockerImage, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { FUNCTION_DEFAULTS, functionIdentity } from './agency-function';
import type { Api } from './api';

export interface RenderProps {
  /** Root of the repository: the render handler is web/src/server/render-handler.ts. */
  repoRoot: string;
  /** Routes of the pages it renders, in HTTP API syntax (`/blog/{slug}`). */
  routes: readonly string[];
  api: Api;
  protectData: boolean;
  logRetentionDays: number;
}

/** The handler file and export inside the bundle the script writes. */
const HANDLER = 'render-handler.handler';

/**
 * The blog render handler: the web app's server entry, bundled by Vite with the web package's config
 * (so its asset addresses match the uploaded build), answering the blog pages, the career article,
 * the sitemap and the RSS feed through public routes of the HTTP API. It reads posts through the
 * public API, so it is granted nothing. CloudFront caches its answers; the post functions invalidate them.
 */
export class Render extends Construct {
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: RenderProps) {
    super(scope, id);
    const description = 'Server-renders blog pages, sitemap.xml and rss.xml.';
    const removalPolicy = props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const { logGroup, role } = functionIdentity(this, 'RenderFunction', {
      description,
      logRetentionDays: props.logRetentionDays,
      removalPolicy,
    });
    this.fn = new lambda.Function(this, 'RenderFunction', {
      ...FUNCTION_DEFAULTS,
      description,
      handler: HANDLER,
      code: renderCode(props.repoRoot),
      role,
      logGroup,
      memorySize: 1024,
      timeout: Duration.seconds(10),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        API_ORIGIN: `https://${props.api.domainName}`,
      },
    });
    props.api.addPageRoutes(props.routes, this.fn);
  }

  /** Tell the function the public address of the site (canonical, sitemap and RSS links). */
  setSiteUrl(siteUrl: string): void {
    this.fn.addEnvironment('SITE_URL', siteUrl);
  }
}

/** The Vite bundle of the render handler, built locally at synth (skipped where bundling is, as in tests). */
function renderCode(repoRoot: string): lambda.Code {
  const script = path.join(repoRoot, 'infra/scripts/bundle-render-handler.ts');
  return lambda.Code.fromAsset(path.join(repoRoot, 'web/src/server'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Only used if local bundling were unavailable; the local bundler always answers.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-slim'),
      local: {
        tryBundle(outputDir: string): boolean {
          execFileSync(process.execPath, ['--import', 'tsx', script, outputDir], {
            cwd: repoRoot,
            stdio: 'inherit',
          });
          return true;
        },
      },
    },
  });
}
