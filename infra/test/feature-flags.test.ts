import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import {
  CURRENT_VERSION_EXPIRED_FLAGS,
  CURRENTLY_RECOMMENDED_FLAGS,
  FLAGS,
} from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { cdkJsonContext } from './synth';

const context = cdkJsonContext();
const flagNames = Object.keys(context).filter((key) => key.startsWith('@aws-cdk'));

describe('cdk.json feature flags', () => {
  it('sets every flag the pinned aws-cdk-lib recommends, to the recommended value (what `cdk init` writes)', () => {
    const recommended = Object.entries(CURRENTLY_RECOMMENDED_FLAGS);
    expect(recommended.length).toBeGreaterThan(80);
    for (const [flag, value] of recommended) expect(context[flag], flag).toEqual(value);
    expect(context['@aws-cdk/core:validateAgainstDefaultRules']).toBe(true);
  });

  it('sets no flag the pinned aws-cdk-lib does not know or has retired', () => {
    const known = new Set(Object.keys(FLAGS));
    expect(flagNames.filter((flag) => !known.has(flag))).toEqual([]);
    expect(flagNames.filter((flag) => CURRENT_VERSION_EXPIRED_FLAGS.includes(flag))).toEqual([]);
  });

  it('fails the synth on a template CloudFormation would reject', () => {
    const synth = (ctx: Record<string, unknown>) => {
      const outdir = mkdtempSync(path.join(tmpdir(), 'agency-validate-'));
      const app = new App({ outdir, context: ctx });
      new CfnResource(new Stack(app, 'Invalid'), 'Queue', {
        type: 'AWS::SQS::Queue',
        properties: { VisibilityTimeout: 'soon' },
      });
      let threw = false;
      try {
        app.synth();
      } catch {
        threw = true;
      }
      const report = path.join(outdir, 'validation-report.json');
      return { threw, report: existsSync(report) ? readFileSync(report, 'utf8') : '' };
    };
    const strict = synth(context);
    expect(strict.threw).toBe(true);
    expect(strict.report).toContain('VisibilityTimeout');
    // Without cdk.json's flag the same finding is only a warning: the flag is what makes it fail.
    expect(synth({}).threw).toBe(false);
  });
});
