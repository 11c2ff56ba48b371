import { contract } from '@agency/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { referencedIds, resourcesOf } from './template';

/** CloudFront's managed origin request policy AllViewerExceptHostHeader. */
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const behaviourSchema = z.object({
  PathPattern: z.string(),
  CachePolicyId: z.unknown(),
  OriginRequestPolicyId: z.unknown().optional(),
  TargetOriginId: z.string(),
  AllowedMethods: z.array(z.string()),
  CachedMethods: z.array(z.string()).optional(),
});

const cachePolicySchema = z.object({
  CachePolicyConfig: z.object({
    MinTTL: z.number(),
    DefaultTTL: z.number(),
    MaxTTL: z.number(),
    ParametersInCacheKeyAndForwardedToOrigin: z.object({
      QueryStringsConfig: z.object({
        QueryStringBehavior: z.string(),
        QueryStrings: z.array(z.string()).optional(),
      }),
      HeadersConfig: z.object({
        HeaderBehavior: z.string(),
        Headers: z.array(z.string()).optional(),
      }),
      CookiesConfig: z.object({ CookieBehavior: z.string() }),
      EnableAcceptEncodingGzip: z.boolean(),
      EnableAcceptEncodingBrotli: z.boolean().optional(),
    }),
  }),
});

/** The cacheable public post read in a prod synth (issue 36 item 6). */
let s: Synthesized;
beforeAll(() => {
  s = synthStage('prod');
}, SYNTH_TIMEOUT_MS);

const behaviours = () =>
  z
    .object({ DistributionConfig: z.object({ CacheBehaviors: z.array(behaviourSchema) }) })
    .parse(resourcesOf(s.whole, 'AWS::CloudFront::Distribution')[0]?.props).DistributionConfig
    .CacheBehaviors;

describe('the post read at the edge', () => {
  const path = contract.getPublishedPost.path;

  it('has a behaviour of its own, before /api/*, caching GET and HEAD and letting the POST through', () => {
    const all = behaviours();
    const read = all.find((b) => b.PathPattern === path);
    if (!read) throw new Error(`no behaviour ${path}`);
    expect(all.findIndex((b) => b.PathPattern === path)).toBeLessThan(
      all.findIndex((b) => b.PathPattern === '/api/*'),
    );
    expect(read.TargetOriginId).toBe(all.find((b) => b.PathPattern === '/api/*')?.TargetOriginId);
    // The spec's POST getPost shares the path: every method passes, only GET and HEAD are cached.
    expect([...read.AllowedMethods].sort()).toEqual(
      ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
    );
    expect(read.CachedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    // The POST's body and headers (its Authorization included: CloudFront strips it on GET and
    // HEAD only) reach the API.
    expect(read.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST);
  });

  it('caches under a policy keyed on the slug alone: no cookie, no header, compressed', () => {
    const read = behaviours().find((b) => b.PathPattern === path);
    const [policyId] = referencedIds(read?.CachePolicyId);
    const policy = resourcesOf(s.whole, 'AWS::CloudFront::CachePolicy').find(
      (p) => p.id === policyId,
    );
    if (!policy) throw new Error('the post read has no cache policy of ours');
    const config = cachePolicySchema.parse(policy.props).CachePolicyConfig;
    expect(config.ParametersInCacheKeyAndForwardedToOrigin).toEqual({
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['slug'] },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
    });
    // As long as the function says (s-maxage), at most a day; nothing said, nothing kept.
    expect([config.MinTTL, config.DefaultTTL, config.MaxTTL]).toEqual([0, 0, 86_400]);
  });

  it('routes both methods of the path to their own functions, neither behind the JWT authorizer', () => {
    const routes = resourcesOf(s.whole, 'AWS::ApiGatewayV2::Route');
    for (const name of ['getPublishedPost', 'getPost'] as const) {
      const op = contract[name];
      const route = routes.find((r) => r.props.RouteKey === `${op.method} ${op.path}`);
      expect(route, name).toBeDefined();
      expect(route?.props.AuthorizationType ?? 'NONE', name).toBe('NONE');
    }
  });
});
