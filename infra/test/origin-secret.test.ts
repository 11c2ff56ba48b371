import { beforeAll, describe, expect, it } from 'vitest';
import { ENV_NAMES } from '@agency/shared';
import { ORIGIN_ROTATION_DAYS } from '../lib/constructs/origin-rotation';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { referencedIds, resourcesOf, statementsOf } from './template';

/**
 * The origin secret (issue 36, item 5), read from a prod synth: no function holds its value, every
 * function that checks the origin header may read that one secret, and CloudFront's header is the
 * secret's current value with no pinned version.
 */
let s: Synthesized;
beforeAll(() => {
  s = synthStage('prod');
}, SYNTH_TIMEOUT_MS);

const secretId = () => {
  const secrets = resourcesOf(s.template, 'AWS::SecretsManager::Secret').filter((r) =>
    String(r.props.Description ?? '').includes('x-origin-verify'),
  );
  expect(secrets).toHaveLength(1);
  return secrets[0]?.id ?? '';
};

type Env = Record<string, unknown>;
const envOf = (props: Record<string, unknown>): Env =>
  (props.Environment as { Variables?: Env } | undefined)?.Variables ?? {};

describe('the origin secret', () => {
  it('is in no function environment: only its ARN is', () => {
    const fns = resourcesOf(s.whole, 'AWS::Lambda::Function');
    for (const fn of fns) {
      const env = JSON.stringify(envOf(fn.props));
      expect(env, fn.id).not.toContain('{{resolve:secretsmanager');
      expect(envOf(fn.props), fn.id).not.toHaveProperty(ENV_NAMES.originVerify);
    }
    const readers = fns.filter((fn) => ENV_NAMES.originSecretArn in envOf(fn.props));
    for (const fn of readers)
      expect(referencedIds(envOf(fn.props)[ENV_NAMES.originSecretArn]), fn.id).toEqual([
        secretId(),
      ]);
  });

  it('every function behind the edge reads it, and may read that secret only', () => {
    const fns = resourcesOf(s.whole, 'AWS::Lambda::Function');
    // The API functions (CLIENT_IP_HEADER: behind the edge) and the render function.
    const behindEdge = fns.filter(
      (fn) =>
        ENV_NAMES.clientIpHeader in envOf(fn.props) ||
        String(fn.props.Description ?? '').startsWith('Server-renders blog pages'),
    );
    expect(behindEdge.length).toBeGreaterThan(50);
    for (const fn of behindEdge) {
      expect(envOf(fn.props), fn.id).toHaveProperty(ENV_NAMES.originSecretArn);
      const reads = statementsOf(s.whole, fn.id).filter((st) =>
        st.actions.some((a) => a.startsWith('secretsmanager:')),
      );
      const onSecret = reads.filter((st) => referencedIds(st.Resource).includes(secretId()));
      expect(onSecret, fn.id).toHaveLength(1);
      expect(onSecret[0]?.actions, fn.id).toEqual(['secretsmanager:GetSecretValue']);
      expect(onSecret[0]?.Effect).toBe('Allow');
    }
  });

  it('CloudFront sends its current value with no pinned version', () => {
    const [distribution] = resourcesOf(s.template, 'AWS::CloudFront::Distribution');
    const text = JSON.stringify(distribution?.props);
    expect(text).toContain('"HeaderName":"x-origin-verify"');
    expect(text).toContain(':SecretString:current::}}');
    expect(text).not.toMatch(/:SecretString:current::[^}]/);
  });
});

describe('its rotation', () => {
  const rotator = () => {
    const fns = resourcesOf(s.template, 'AWS::Lambda::Function').filter((f) =>
      String(f.props.Description ?? '').startsWith('Rotates the origin secret'),
    );
    expect(fns).toHaveLength(1);
    return fns[0] ?? { id: '', props: {} as Record<string, unknown> };
  };

  it('runs every 30 days through the rotation function', () => {
    const schedules = resourcesOf(s.template, 'AWS::SecretsManager::RotationSchedule');
    expect(schedules).toHaveLength(1);
    const [schedule] = schedules;
    expect(referencedIds(schedule?.props.SecretId)).toEqual([secretId()]);
    expect(referencedIds(schedule?.props.RotationLambdaARN)).toEqual([rotator().id]);
    expect(schedule?.props.RotationRules).toMatchObject({
      ScheduleExpression: `rate(${ORIGIN_ROTATION_DAYS} days)`,
    });
    expect(ORIGIN_ROTATION_DAYS).toBe(30);
    // Each step may wait past the functions' cache and for CloudFront's deployment.
    expect(rotator().props.Timeout).toBe(900);
  });

  it("may change CloudFront only on the stage's distribution, and only read and update it", () => {
    const [distribution] = resourcesOf(s.template, 'AWS::CloudFront::Distribution');
    const statements = statementsOf(s.template, rotator().id).filter((st) =>
      st.actions.some((a) => a.startsWith('cloudfront:')),
    );
    expect(statements).toHaveLength(1);
    const [st] = statements;
    expect([...(st?.actions ?? [])].sort()).toEqual([
      'cloudfront:GetDistribution',
      'cloudfront:GetDistributionConfig',
      'cloudfront:UpdateDistribution',
    ]);
    const resource = JSON.stringify(st?.Resource);
    expect(resource).toContain(':distribution/');
    expect(referencedIds(st?.Resource)).toEqual([distribution?.id]);
    expect(resource).not.toContain('*');
    expect(envOf(rotator().props)[ENV_NAMES.distributionId]).toEqual({ Ref: distribution?.id });
  });

  it("may read the stage's web ACL, which CloudFront checks on every update of the distribution", () => {
    const [distribution] = resourcesOf(s.template, 'AWS::CloudFront::Distribution');
    const acl = JSON.stringify(
      (distribution?.props.DistributionConfig as { WebACLId?: unknown } | undefined)?.WebACLId,
    );
    expect(acl).toBeDefined();
    const statements = statementsOf(s.template, rotator().id).filter((st) =>
      st.actions.some((a) => a.startsWith('wafv2:')),
    );
    expect(statements.map((st) => st.actions)).toEqual([['wafv2:GetWebACL']]);
    expect(JSON.stringify(statements[0]?.Resource)).toBe(acl);
  });

  it('may stage versions of the origin secret and of no other secret', () => {
    const statements = statementsOf(s.template, rotator().id).filter((st) =>
      st.actions.some(
        (a) => a.startsWith('secretsmanager:') && a !== 'secretsmanager:GetRandomPassword',
      ),
    );
    const actions = statements.flatMap((st) => st.actions);
    expect(actions).toEqual(
      expect.arrayContaining([
        'secretsmanager:GetSecretValue',
        'secretsmanager:PutSecretValue',
        'secretsmanager:UpdateSecretVersionStage',
        'secretsmanager:DescribeSecret',
      ]),
    );
    for (const st of statements) expect(referencedIds(st.Resource)).toEqual([secretId()]);
  });
});
