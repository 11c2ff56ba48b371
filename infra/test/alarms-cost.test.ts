import { beforeAll, describe, expect, it } from 'vitest';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { resourcesOf } from './template';

/**
 * What the prod stage's alarms cost: CloudWatch bills a standard-resolution alarm per metric it
 * reads (a metric-math alarm per metric in its expression, the expression itself free).
 */
let prod: Synthesized;
beforeAll(() => {
  prod = synthStage('prod');
}, SYNTH_TIMEOUT_MS);

/** Billed metrics of one alarm's properties: one for a plain metric, else each MetricStat of its math. */
export function billedMetrics(props: Record<string, unknown>): number {
  if (props.MetricName !== undefined) return 1;
  const metrics = Array.isArray(props.Metrics) ? (props.Metrics as Record<string, unknown>[]) : [];
  return metrics.filter((m) => m.MetricStat !== undefined).length;
}

describe('billed alarm metrics of prod', () => {
  it('stay under 60 (about 240 before the account-level Lambda alarms, 58 after)', () => {
    const alarms = resourcesOf(prod.whole, 'AWS::CloudWatch::Alarm');
    const billed = alarms.reduce((sum, a) => sum + billedMetrics(a.props), 0);
    console.log(`prod: ${alarms.length} alarms, ${billed} billed alarm metrics`);
    expect(billed).toBeGreaterThan(0);
    expect(billed).toBeLessThan(60);
  });
});
