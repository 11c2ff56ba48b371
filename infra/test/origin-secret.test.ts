import { beforeAll, describe, expect, it } from 'vitest';
import { ENV_NAMES } from '@agency/shared';
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
