import { beforeAll, describe, expect, it } from 'vitest';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { resourcesOf } from './template';
import { BUSINESS_METRICS } from '@agency/shared';
import { DEFAULT_MONTHLY_BUDGET_USD } from '../lib/config';

/**
 * What the prod stage's alarms cost: CloudWatch bills a standard-resolution alarm per metric it
 * reads (a metric-math alarm per metric in its expression, the expression itself free).
 */
let prod: Synthesized;
let dev: Synthesized;
beforeAll(() => {
  prod = synthStage('prod');
  dev = synthStage('dev');
}, 2 * SYNTH_TIMEOUT_MS);

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

/** List prices (USD a month), no free tier counted. */
const PRICE = { alarmMetric: 0.1, dashboard: 3, secret: 0.4, customMetric: 0.3 };

describe('the dev budget', () => {
  it("holds dev's fixed part under its 80 % notice (DEFAULT_MONTHLY_BUDGET_USD's comment)", () => {
    const count = (type: string) => resourcesOf(dev.whole, type).length;
    const billed = resourcesOf(dev.whole, 'AWS::CloudWatch::Alarm').reduce(
      (sum, a) => sum + billedMetrics(a.props),
      0,
    );
    const customMetrics = Object.keys(BUSINESS_METRICS).length + count('AWS::Logs::MetricFilter');
    const fixed =
      billed * PRICE.alarmMetric +
      count('AWS::CloudWatch::Dashboard') * PRICE.dashboard +
      count('AWS::SecretsManager::Secret') * PRICE.secret +
      customMetrics * PRICE.customMetric;
    console.log(`dev: ${billed} billed alarm metrics, fixed part $${fixed.toFixed(2)} a month`);
    expect(count('AWS::Synthetics::Canary') + count('AWS::WAFv2::WebACL')).toBe(0);
    expect(fixed).toBeLessThan(0.8 * DEFAULT_MONTHLY_BUDGET_USD.dev);
  });
});
