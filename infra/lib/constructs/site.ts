import { existsSync } from 'node:fs';
import path from 'node:path';
import { contract, operationNames } from '@agency/shared';
import {
  Annotations,
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  Validations,
} from 'aws-cdk-lib';
import { acknowledge, nagArnOf, nagEnvOf } from '../nag';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { retentionOf } from './agency-function';
import { siteRouterCode, viewerIpCode, type SiteRoutes, type WebBuild } from '../site-routes';

export interface CspSources {
  script: readonly string[];
  connect: readonly string[];
  frame: readonly string[];
  img: readonly string[];
}

export interface SiteProps {
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  apiDomainName: string;
  media: s3.IBucket;
  accessLogs: s3.IBucket;
  /** The web build to deploy; undefined before `npm run build` (synth still works, nothing is uploaded). */
  web: WebBuild | undefined;
  /** Routes of the site router; those of `web` when it exists. */
  routes: SiteRoutes;
  /** CloudFront path patterns served by the render handler through the API origin. */
  pagePatterns: readonly string[];
  protectData: boolean;
  /** Days the logs of CDK's deployment handler are kept. */
  logRetentionDays: number;
  priceClass: '100' | '200' | 'All';
  domain?: { names: readonly string[]; certificateArn: string };
  csp: CspSources;
}

/** Cache-Control of hashed build assets and of everything else in the build. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const HTML_CACHE_CONTROL = 'no-cache';

/** The Content-Security-Policy of every response: no inline scripts, ALTCHA's worker allowed. */
export function contentSecurityPolicy(csp: CspSources): string {
  const list = (base: string[], extra: readonly string[]): string => [...base, ...extra].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list([`'self'`], csp.script)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list([`'self'`, 'data:', 'blob:'], csp.img)}`,
    `font-src 'self' data:`,
    `connect-src ${list([`'self'`], csp.connect)}`,
    `worker-src 'self' blob:`,
    `frame-src ${csp.frame.length ? csp.frame.join(' ') : `'none'`}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    'upgrade-insecure-requests',
  ].join('; ');
}

/** CloudFront path patterns of public GET operations whose answers may be cached as the function's Cache-Control says. */
export function cacheableApiPatterns(): string[] {
  const adminPaths = new Set(
    operationNames.filter((n) => contract[n].auth === 'admin').map((n) => contract[n].path),
  );
  return operationNames
    .filter(
      (n) =>
        contract[n].auth === 'public' &&
        contract[n].method === 'GET' &&
        !adminPaths.has(contract[n].path),
    )
    .map((n) => contract[n].path.replace(/\{\w+\}/g, '*'));
}

/**
 * The site bucket behind CloudFront (OAC) with the behaviours of the design: `/api/*` → HTTP API,
 * `/media/*` → media bucket, blog pages → render handler, everything else → prerendered site via the
 * site-router CloudFront Function.
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly router: cloudfront.Function;
  readonly headers: cloudfront.ResponseHeadersPolicy;
  /** https address of the site (custom domain when configured). */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.protectData,
    });

    this.router = new cloudfront.Function(this, 'SiteRouter', {
      comment: 'Maps site paths to prerendered files, answers 404 for unknown ones, strips /media.',
      code: cloudfront.FunctionCode.fromInline(siteRouterCode(props.routes)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const viewerIp = new cloudfront.Function(this, 'ViewerIp', {
      comment: 'Passes the viewer IP to the API in true-client-ip.',
      code: cloudfront.FunctionCode.fromInline(viewerIpCode()),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    this.headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP, HSTS and the other security headers of every response.',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props.csp),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=()',
            override: true,
          },
        ],
      },
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });
    const viewer = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      compress: true,
      responseHeadersPolicy: this.headers,
    };
    // Public GETs honour the function's Cache-Control (no header → not cached); query strings are part of the key.
    // Authorization is in the key too: CloudFront forwards it on cached GETs only then, and an admin's
    // post list (every status) must reach the function, which answers it `private, no-store`.
    const apiPublicCache = new cloudfront.CachePolicy(this, 'ApiPublicCache', {
      comment: 'Public API GETs: cached only as long as the function says.',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const pagesCache = new cloudfront.CachePolicy(this, 'PagesCache', {
      comment: 'Rendered blog pages: cached at the edge, invalidated on publish.',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.hours(1),
      maxTtl: Duration.days(1),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('page'),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const mediaCache = new cloudfront.CachePolicy(this, 'MediaCache', {
      comment: 'Banner images: long-lived, their keys never change content.',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.days(30),
      maxTtl: Duration.days(365),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // Forwards query strings and every viewer header but Host (API Gateway routes by its own host).
    // With caching disabled this includes Authorization, which the admin routes need.
    const toOrigin = cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER;

    const additionalBehaviors: Record<string, cloudfront.BehaviorOptions> = {};
    for (const pattern of cacheableApiPatterns()) {
      additionalBehaviors[pattern] = {
        ...viewer,
        origin: apiOrigin,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: apiPublicCache,
        originRequestPolicy: toOrigin,
      };
    }
    additionalBehaviors['/api/*'] = {
      ...viewer,
      origin: apiOrigin,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: toOrigin,
      functionAssociations: [
        { function: viewerIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
      ],
    };
    additionalBehaviors['/media/*'] = {
      ...viewer,
      origin: origins.S3BucketOrigin.withOriginAccessControl(props.media, {
        originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
      }),
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: mediaCache,
      functionAssociations: [
        { function: this.router, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
      ],
    };
    for (const pattern of props.pagePatterns) {
      additionalBehaviors[pattern] = {
        ...viewer,
        origin: apiOrigin,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: pagesCache,
        originRequestPolicy: toOrigin,
      };
    }

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Agency site',
      defaultBehavior: {
        ...viewer,
        // LIST lets S3 answer 404 (not 403) for a missing asset.
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
        }),
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        functionAssociations: [
          { function: this.router, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: this.router, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors,
      priceClass: PRICE_CLASSES[props.priceClass],
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // The site router rewrites '/' itself; this keeps a bare '/' from ever listing the bucket.
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      ...(props.domain
        ? {
            domainNames: [...props.domain.names],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            certificate: acm.Certificate.fromCertificateArn(
              this,
              'Certificate',
              props.domain.certificateArn,
            ),
          }
        : {}),
    });
    this.url = `https://${props.domain?.names[0] ?? this.distribution.distributionDomainName}`;
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'The agency serves visitors worldwide; no country is blocked.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'No WAF: API Gateway stage throttling, per-IP lead rate limits and login throttling protect the origins.',
    );
    // LIST lets S3 answer 404 for a missing key; a bucket listing needs a request for '/', which the
    // site router never sends (it maps '/' to /index.html and never strips /media/ down to '/').
    Validations.of(this.distribution).acknowledge({
      id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      reason:
        "The site router rewrites '/' and never sends a bare '/' to either bucket; defaultRootObject is set too.",
    });
    if (!props.domain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain CloudFront serves its default certificate, whose TLS policy cannot be chosen; set a domain to enforce TLS 1.2.',
      );
    }

    if (props.web) this.deploy(props.web, props);
    else
      Annotations.of(this).addWarningV2(
        'agency:web-not-built',
        'web/dist does not exist: the site bucket gets no files. Run `npm run build` before `cdk deploy`.',
      );
  }

  /** Upload the build: hashed assets immutable (kept across deploys for old pages), the rest `no-cache`, then invalidate. */
  private deploy(web: WebBuild, props: SiteProps): void {
    // The handler's logs go to a group of ours with the stage's retention. Left alone, Lambda creates
    // `/aws/lambda/<handler>` without retention on first run, and with @aws-cdk/aws-lambda:useCdkManagedLogGroup
    // CDK would create that same name, which fails the update of a stack that has already deployed once.
    const logGroup = new logs.LogGroup(this, 'DeployLogs', {
      retention: retentionOf(props.logRetentionDays),
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const assetsDir = path.join(web.dir, 'assets');
    const assets = existsSync(assetsDir)
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          // The build's Brotli/gzip copies serve the local stack only: CloudFront compresses for viewers itself.
          sources: [s3deploy.Source.asset(assetsDir, { exclude: ['*.br', '*.gz'] })],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [s3deploy.CacheControl.fromString(ASSET_CACHE_CONTROL)],
          prune: false,
          memoryLimit: 512,
          logGroup,
        })
      : undefined;
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [s3deploy.Source.asset(web.dir, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.fromString(HTML_CACHE_CONTROL)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    // New pages go live only once the assets they reference are there.
    if (assets) pages.node.addDependency(assets);
    this.acknowledgeDeploymentHandler(pages);
  }

  /** The deployment handler is CDK's own singleton function; its permissions and runtime are CDK's choice. */
  private acknowledgeDeploymentHandler(deployment: s3deploy.BucketDeployment): void {
    const handler = deployment.handlerRole.node.scope;
    if (!handler) return;
    const { account, region, partition } = nagEnvOf(this);
    const reason =
      'CDK BucketDeployment handler: copies the build from the CDK asset bucket into the site bucket and invalidates the distribution.';
    acknowledge(
      handler,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason,
    );
    for (const action of [
      's3:GetObject*',
      's3:GetBucket*',
      's3:List*',
      's3:DeleteObject*',
      's3:Abort*',
    ]) {
      acknowledge(handler, `AwsSolutions-IAM5[Action::${action}]`, reason);
    }
    const assetBucket = `cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${region}`;
    acknowledge(
      handler,
      `AwsSolutions-IAM5[Resource::arn:${partition}:s3:::${assetBucket}/*]`,
      reason,
    );
    acknowledge(handler, `AwsSolutions-IAM5[Resource::${nagArnOf(this.bucket)}/*]`, reason);
    acknowledge(
      handler,
      'AwsSolutions-IAM5[Resource::*]',
      'CloudFront invalidation actions of the CDK deployment handler support no resource narrower than *.',
    );
    acknowledge(
      handler,
      'AwsSolutions-L1',
      "The runtime of CDK's BucketDeployment handler is set by aws-cdk-lib and moves with it.",
    );
  }
}

const PRICE_CLASSES: Record<SiteProps['priceClass'], cloudfront.PriceClass> = {
  '100': cloudfront.PriceClass.PRICE_CLASS_100,
  '200': cloudfront.PriceClass.PRICE_CLASS_200,
  All: cloudfront.PriceClass.PRICE_CLASS_ALL,
};
