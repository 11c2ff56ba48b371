import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ASSET_CACHE_CONTROL,
  UNHASHED_ASSET_CACHE_CONTROL,
  UNHASHED_ASSETS_PREFIX,
  BUILD_RECORDS_DIR,
  ASSETS_PREFIX,
  CACHE_POLICIES,
  DEFAULT_OBJECT_CACHE_CONTROL,
  edgeBehaviours,
  edgeFunctionCode,
  NO_SITE_PAGES,
  ORIGIN_VERIFY_HEADER,
  SERVED_MEDIA_PREFIXES,
  securityHeadersByPolicy,
  SITE_OBJECT_CONTENT_TYPES,
  tablePageKeys,
  VIEWER_FACT_HEADERS,
  type CachePolicyName,
  type EdgeOrigin,
  type HeaderPolicyName,
  type SitePages,
} from '@agency/shared/edge';
import {
  Annotations,
  Aws,
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  type SecretValue,
  Validations,
} from 'aws-cdk-lib';
import { acknowledge, nagArnOf, nagEnvOf } from '../nag';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { TlsPolicy } from '../config';
import { retentionOf } from './agency-function';

/** Days an overwritten or deleted file of the site bucket stays restorable (a noncurrent version). */
export const SITE_OLD_VERSION_DAYS = 30;

/** The web build to deploy: its folder (`web/dist`) and the site pages it wrote. */
export interface WebBuild {
  dir: string;
  pages: SitePages;
}

export interface SiteProps {
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  apiDomainName: string;
  /** The value the API origin receives in ORIGIN_VERIFY_HEADER: the origin secret's `current`. */
  originVerifyValue: SecretValue;
  media: s3.IBucket;
  /** Where the admin's browser posts upload forms (the media bucket's address), allowed by the admin pages' CSP. */
  uploadOrigin: string;
  accessLogs: s3.IBucket;
  /** The web build; undefined before `npm run build` (synth works, an empty site with a warning). */
  web: WebBuild | undefined;
  protectData: boolean;
  /** Days the logs of CDK's deployment handler are kept. */
  logRetentionDays: number;
  priceClass: '100' | '200' | 'All';
  domain?: { names: readonly string[]; certificateArn: string; tlsPolicy: TlsPolicy };
  /** The ARN of the stage's WAF web ACL (us-east-1), when it has one. */
  webAclArn?: string;
}

/**
 * The response headers policy of `securityHeaders()` (the edge definition): CloudFront's security
 * headers where it has one, custom headers for the rest, all overriding what an origin sent.
 */
function responseHeadersPolicyProps(
  headers: Record<string, string>,
  name: HeaderPolicyName,
): cloudfront.ResponseHeadersPolicyProps {
  const security: {
    -readonly [
      K in keyof cloudfront.ResponseSecurityHeadersBehavior
    ]: cloudfront.ResponseSecurityHeadersBehavior[K];
  } = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security': {
        const maxAge = /max-age=(\d+)/.exec(value)?.[1];
        if (!maxAge) throw new Error(`HSTS without max-age: ${value}`);
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(maxAge)),
          includeSubdomains: /includeSubDomains/i.test(value),
          preload: /preload/i.test(value),
          override: true,
        };
        break;
      }
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`X-Content-Type-Options can only be nosniff`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        security.frameOptions = {
          frameOption:
            value === 'DENY'
              ? cloudfront.HeadersFrameOption.DENY
              : cloudfront.HeadersFrameOption.SAMEORIGIN,
          override: true,
        };
        break;
      case 'referrer-policy': {
        const policy = Object.values(cloudfront.HeadersReferrerPolicy).find((p) => p === value);
        if (!policy) throw new Error(`Referrer-Policy ${value} is not one CloudFront knows`);
        security.referrerPolicy = { referrerPolicy: policy, override: true };
        break;
      }
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return {
    comment: `Security headers of the ${name} behaviours (securityHeadersByPolicy of @agency/shared/edge).`,
    securityHeadersBehavior: security,
    customHeadersBehavior: { customHeaders: custom },
  };
}

/**
 * The media bucket as an OAC origin that may read only the keys the edge serves (`images/`,
 * `banners/`) and list the bucket (so a missing key is a 404, not a 403): the edge function already
 * answers 404 for any other key, and the bucket policy makes sure a raw upload is never readable
 * through CloudFront even if a request got past it.
 */
class ServedMediaOrigin extends origins.S3BucketOrigin {
  constructor(private readonly media: s3.IBucket) {
    super(media);
  }

  override bind(
    scope: Construct,
    options: cloudfront.OriginBindOptions,
  ): cloudfront.OriginBindConfig {
    const oac = new cloudfront.S3OriginAccessControl(scope, 'S3OriginAccessControl');
    const principals = [new iam.ServicePrincipal('cloudfront.amazonaws.com')];
    const conditions = {
      StringEquals: {
        'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${options.distributionId}`,
      },
    };
    this.media.addToResourcePolicy(
      new iam.PolicyStatement({
        principals,
        actions: ['s3:GetObject'],
        resources: SERVED_MEDIA_PREFIXES.map((prefix) => this.media.arnForObjects(`${prefix}*`)),
        conditions,
      }),
    );
    this.media.addToResourcePolicy(
      new iam.PolicyStatement({
        principals,
        actions: ['s3:ListBucket'],
        resources: [this.media.bucketArn],
        conditions,
      }),
    );
    const config = this._bind(scope, options);
    if (!config.originProperty) throw new Error('the media origin rendered no origin');
    return {
      ...config,
      originProperty: {
        ...config.originProperty,
        originAccessControlId: oac.originAccessControlId,
      },
    };
  }
}

/** CloudFront's default quota of cache behaviours per distribution (the default one included). */
export const MAX_CACHE_BEHAVIOURS = 25;

const ALLOWED_METHODS = {
  GET_HEAD: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
  GET_HEAD_OPTIONS: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
  ALL: cloudfront.AllowedMethods.ALLOW_ALL,
} as const;

/**
 * The site bucket behind CloudFront (OAC), rendered from the edge definition of `@agency/shared/edge`:
 * its behaviours in order (`/api/*` → HTTP API, `/media/*` → media bucket, rendered pages → render
 * handler, admin pages and everything else → the site bucket), their cache policies, the one edge
 * function on each, and the response headers policies (the admin pages' may also reach the media
 * bucket's upload address). The local server serves the same definition.
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** The one CloudFront Function, on every behaviour (generated from @agency/shared/edge). */
  readonly edgeFunction: cloudfront.Function;
  /**
   * The redirects the edge function answers before anything else (`cf.kvs()`): written by the API
   * from its table of record in DynamoDB, which can rebuild it (`npm run redirects:rebuild`).
   */
  readonly redirectStore: cloudfront.KeyValueStore;
  /** The response headers policy of each kind of behaviour (`EdgeBehaviour.headers`). */
  readonly headers: Record<HeaderPolicyName, cloudfront.ResponseHeadersPolicy>;
  /** https address of the site (custom domain when configured). */
  readonly url: string;
  /**
   * The upload of the build's files but the table's pages (`tablePageKeys`), when there is a build:
   * what the deploy's page render waits for.
   */
  pagesDeployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'site-bucket/',
      // A deploy or a render that overwrites or deletes a page keeps the old one as a noncurrent
      // version for SITE_OLD_VERSION_DAYS, so a bad release or a wrong delete can be undone by
      // restoring that version; older ones expire, so deploys do not pile up.
      versioned: true,
      lifecycleRules: [
        {
          id: 'ExpireOldVersions',
          noncurrentVersionExpiration: Duration.days(SITE_OLD_VERSION_DAYS),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.protectData,
    });

    const pages = props.web?.pages ?? NO_SITE_PAGES;
    this.redirectStore = new cloudfront.KeyValueStore(this, 'Redirects', {
      comment: 'Redirects of the site (path -> status and target), written by the API.',
    });
    this.edgeFunction = new cloudfront.Function(this, 'EdgeFunction', {
      comment:
        'The edge function of @agency/shared/edge: routing, redirects, 404s, viewer IP, CORS.',
      code: cloudfront.FunctionCode.fromInline(edgeFunctionCode(pages)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      keyValueStore: this.redirectStore,
    });
    const headers = securityHeadersByPolicy(
      props.web?.pages.thirdParties ?? {},
      props.uploadOrigin,
    );
    const policy = (name: HeaderPolicyName, id: string) =>
      new cloudfront.ResponseHeadersPolicy(
        this,
        id,
        responseHeadersPolicyProps(headers[name], name),
      );
    // The public policy keeps the id it has always had; the admin pages' is the one added.
    this.headers = {
      public: policy('public', 'SecurityHeaders'),
      admin: policy('admin', 'AdminSecurityHeaders'),
      preview: policy('preview', 'PreviewSecurityHeaders'),
    };

    // The HTTP API's one door in (ORIGIN_VERIFIED_ORIGINS): the functions refuse any request
    // without this header, so the execute-api address is useless on its own.
    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: {
        [ORIGIN_VERIFY_HEADER]: props.originVerifyValue.unsafeUnwrap(),
      },
    });
    // LIST lets S3 answer 404 (not 403) for a missing key.
    const bucketOrigin = (bucket: s3.IBucket) =>
      origins.S3BucketOrigin.withOriginAccessControl(bucket, {
        originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
      });
    const originOf: Record<EdgeOrigin, cloudfront.IOrigin> = {
      api: apiOrigin,
      render: apiOrigin,
      media: new ServedMediaOrigin(props.media),
      site: bucketOrigin(this.bucket),
    };
    const policies = new Map<CachePolicyName, cloudfront.ICachePolicy>();
    const cachePolicy = (name: CachePolicyName): cloudfront.ICachePolicy => {
      const found = policies.get(name);
      if (found) return found;
      const made = this.cachePolicy(name);
      policies.set(name, made);
      return made;
    };

    const behaviours = edgeBehaviours(pages);
    // Each admin page is a behaviour of its own (for its headers policy): fail the synth, not the
    // deploy, when the pages outgrow CloudFront's quota.
    if (behaviours.length > MAX_CACHE_BEHAVIOURS)
      throw new Error(
        `The edge has ${behaviours.length} cache behaviours, over CloudFront's default quota of ${MAX_CACHE_BEHAVIOURS} per distribution`,
      );
    const options = behaviours.map((b): cloudfront.BehaviorOptions => ({
      origin: originOf[b.origin],
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      compress: true,
      responseHeadersPolicy: this.headers[b.headers],
      allowedMethods: ALLOWED_METHODS[b.methods],
      cachePolicy: cachePolicy(b.cache),
      // The API and the render function get query strings and every viewer header but Host
      // (API Gateway routes by its own host); with caching disabled that includes Authorization.
      // The operations that read the viewer's country get a named list with CloudFront's header.
      ...(b.origin === 'api' || b.origin === 'render'
        ? {
            originRequestPolicy:
              b.forward === 'viewer-facts'
                ? this.viewerFactsPolicy()
                : cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          }
        : {}),
      functionAssociations: [
        { function: this.edgeFunction, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ...(b.viewerResponse
          ? [
              {
                function: this.edgeFunction,
                eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE,
              },
            ]
          : []),
      ],
    }));
    const last = behaviours.length - 1;
    if (behaviours[last]?.pattern !== '*') throw new Error('the last edge behaviour must be *');
    const defaultBehavior = options[last];
    if (!defaultBehavior) throw new Error('no default behaviour');
    const additionalBehaviors: Record<string, cloudfront.BehaviorOptions> = {};
    behaviours.slice(0, last).forEach((b, i) => {
      const option = options[i];
      if (option) additionalBehaviors[b.pattern] = option;
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Agency site',
      defaultBehavior,
      additionalBehaviors,
      priceClass: PRICE_CLASSES[props.priceClass],
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // The edge function rewrites '/' itself; this keeps a bare '/' from ever listing the bucket.
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      ...(props.domain
        ? {
            domainNames: [...props.domain.names],
            minimumProtocolVersion: TLS_POLICY_PROTOCOLS[props.domain.tlsPolicy],
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
    if (!props.webAclArn)
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'WAF is a stage setting (-c waf=true), off here: API Gateway stage throttling, per-IP lead rate limits and login throttling protect the origins.',
      );
    // LIST lets S3 answer 404 for a missing key; a bucket listing needs a request for '/', which the
    // edge function never sends (it maps '/' to /index.html and answers a bare /media/ itself).
    Validations.of(this.distribution).acknowledge({
      id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      reason:
        "The edge function rewrites '/' and never sends a bare '/' to either bucket; defaultRootObject is set too.",
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
        'No web build (web/dist and web/dist-server/site-pages.json): the site has no pages and the bucket gets no files. Run `npm run build` before `cdk deploy`.',
      );
  }

  private viewerFacts?: cloudfront.IOriginRequestPolicy;
  /**
   * The origin request policy of the operations that read the viewer's country (edge definition
   * VIEWER_FACT_HEADERS): the managed all-but-Host policy carries no CloudFront header, and one that
   * names CloudFront-Viewer-Country must name the rest too (10 at most).
   */
  private viewerFactsPolicy(): cloudfront.IOriginRequestPolicy {
    this.viewerFacts ??= new cloudfront.OriginRequestPolicy(this, 'ViewerFactsPolicy', {
      comment: 'The API calls that read the viewer country: named headers, no cookie, every query',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...VIEWER_FACT_HEADERS),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
    });
    return this.viewerFacts;
  }

  /** A cache policy of the edge definition: CloudFront's managed one, or this site's own. */
  private cachePolicy(name: CachePolicyName): cloudfront.ICachePolicy {
    const policy = CACHE_POLICIES[name];
    if ('managed' in policy) return cloudfront.CachePolicy[policy.managed];
    return new cloudfront.CachePolicy(
      this,
      `${name.charAt(0).toUpperCase()}${name.slice(1)}Cache`,
      {
        comment: policy.comment,
        minTtl: Duration.seconds(policy.ttlSeconds.min),
        defaultTtl: Duration.seconds(policy.ttlSeconds.default),
        maxTtl: Duration.seconds(policy.ttlSeconds.max),
        queryStringBehavior:
          policy.queryStrings === 'all'
            ? cloudfront.CacheQueryStringBehavior.all()
            : policy.queryStrings === 'none'
              ? cloudfront.CacheQueryStringBehavior.none()
              : cloudfront.CacheQueryStringBehavior.allowList(...policy.queryStrings),
        headerBehavior: policy.headers.length
          ? cloudfront.CacheHeaderBehavior.allowList(...policy.headers)
          : cloudfront.CacheHeaderBehavior.none(),
        cookieBehavior: cloudfront.CacheCookieBehavior.none(),
        enableAcceptEncodingGzip: policy.acceptEncoding,
        enableAcceptEncodingBrotli: policy.acceptEncoding,
      },
    );
  }

  /**
   * Upload the build: hashed assets immutable (never pruned: pages rendered before a deploy keep
   * working until rendered again), the rest `no-cache` but the table's pages, then invalidate.
   */
  private deploy(web: WebBuild, props: SiteProps): void {
    // The handler's logs go to a group of ours with the stage's retention. Left alone, Lambda creates
    // `/aws/lambda/<handler>` without retention on first run, and with @aws-cdk/aws-lambda:useCdkManagedLogGroup
    // CDK would create that same name, which fails the update of a stack that has already deployed once.
    const logGroup = new logs.LogGroup(this, 'DeployLogs', {
      retention: retentionOf(props.logRetentionDays),
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const assetsDir = path.join(web.dir, ASSETS_PREFIX);
    const assets = existsSync(assetsDir)
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          // The build's Brotli/gzip copies serve the local stack only: CloudFront compresses for viewers itself.
          sources: [
            s3deploy.Source.asset(assetsDir, { exclude: ['*.br', '*.gz', 'img', 'img/**'] }),
          ],
          destinationBucket: this.bucket,
          destinationKeyPrefix: ASSETS_PREFIX,
          cacheControl: [s3deploy.CacheControl.fromString(ASSET_CACHE_CONTROL)],
          prune: false,
          memoryLimit: 512,
          logGroup,
        })
      : undefined;
    // The site's own pictures keep their names from build to build: never immutable.
    const imagesDir = path.join(web.dir, UNHASHED_ASSETS_PREFIX);
    const images = existsSync(imagesDir)
      ? new s3deploy.BucketDeployment(this, 'DeployAssetImages', {
          sources: [s3deploy.Source.asset(imagesDir, { exclude: ['*.br', '*.gz'] })],
          destinationBucket: this.bucket,
          destinationKeyPrefix: UNHASHED_ASSETS_PREFIX,
          cacheControl: [s3deploy.CacheControl.fromString(UNHASHED_ASSET_CACHE_CONTROL)],
          prune: false,
          memoryLimit: 512,
          logGroup,
        })
      : undefined;
    // Files whose extension does not say their media type (the speculation rules, which Chromium
    // takes only as application/speculationrules+json): one deployment each, with its type.
    const typed = Object.entries(SITE_OBJECT_CONTENT_TYPES)
      .filter(([key]) => existsSync(path.join(web.dir, key)))
      .map(
        ([key, contentType]) =>
          new s3deploy.BucketDeployment(this, `Deploy${key.replace(/[^A-Za-z0-9]/g, '')}`, {
            sources: [s3deploy.Source.data(key, readFileSync(path.join(web.dir, key), 'utf8'))],
            destinationBucket: this.bucket,
            contentType,
            cacheControl: [s3deploy.CacheControl.fromString(DEFAULT_OBJECT_CACHE_CONTROL)],
            prune: false,
            memoryLimit: 512,
            logGroup,
          }),
      );
    // The table's pages (tablePageKeys) are the deploy job's to render; nothing is pruned, since
    // the bucket also holds pages published at runtime, at paths no build has.
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [
        s3deploy.Source.asset(web.dir, {
          exclude: ['assets', 'assets/**', BUILD_RECORDS_DIR, `${BUILD_RECORDS_DIR}/**`],
        }),
      ],
      destinationBucket: this.bucket,
      exclude: ['assets/*', ...tablePageKeys(web.pages), ...Object.keys(SITE_OBJECT_CONTENT_TYPES)],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(DEFAULT_OBJECT_CACHE_CONTROL)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    // New pages go live only once the assets they reference are there.
    if (assets) pages.node.addDependency(assets);
    if (images) pages.node.addDependency(images);
    // Its invalidation of /* comes after them too.
    for (const deployment of typed) pages.node.addDependency(deployment);
    this.pagesDeployment = pages;
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

/** CloudFront's viewer security policies by the names the stage config uses. */
const TLS_POLICY_PROTOCOLS: Record<TlsPolicy, cloudfront.SecurityPolicyProtocol> = {
  'TLSv1.2_2021': cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
  'TLSv1.2_2025': cloudfront.SecurityPolicyProtocol.TLS_V1_2_2025,
  'TLSv1.3_2025': cloudfront.SecurityPolicyProtocol.TLS_V1_3_2025,
};

const PRICE_CLASSES: Record<SiteProps['priceClass'], cloudfront.PriceClass> = {
  '100': cloudfront.PriceClass.PRICE_CLASS_100,
  '200': cloudfront.PriceClass.PRICE_CLASS_200,
  All: cloudfront.PriceClass.PRICE_CLASS_ALL,
};
