import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { Synthesized } from './synth';

const flagSchema = z.object({
  userValue: z.unknown().optional(),
  recommendedValue: z.unknown(),
  unconfiguredBehavesLike: z.object({ v2: z.unknown() }).optional(),
});
const manifestSchema = z.object({
  artifacts: z.record(
    z.string(),
    z.object({
      type: z.string(),
      properties: z
        .object({ flags: z.record(z.string(), flagSchema) })
        .partial()
        .optional(),
    }),
  ),
});

/**
 * The feature flags `cdk flags` reports as unconfigured for a synthesised assembly: the app sets no
 * value and the default differs from the recommended value (the CLI's own rule).
 */
function unconfiguredFlags(outdir: string): string[] {
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8')),
  );
  const reports = Object.values(manifest.artifacts).filter(
    (a) => a.type === 'cdk:feature-flag-report',
  );
  if (reports.length === 0) throw new Error(`${outdir} has no feature-flag report`);
  return reports.flatMap((report) =>
    Object.entries(report.properties?.flags ?? {})
      .filter(
        ([, flag]) =>
          flag.userValue === undefined &&
          (flag.unconfiguredBehavesLike?.v2 ?? false) !== flag.recommendedValue,
      )
      .map(([name]) => name),
  );
}

/**
 * What keeps a synth off current CDK defaults: each unconfigured feature flag, and CloudFormation
 * template validation that did not run or found something. Empty when all is well.
 */
export function currentDefaultsProblems(s: Synthesized): string[] {
  const validate = s.report.pluginReports.find((p) => p.pluginName === 'CloudFormation Validate');
  return [
    ...unconfiguredFlags(s.outdir).map((flag) => `feature flag ${flag} is not set in cdk.json`),
    ...(validate ? [] : ['CloudFormation template validation did not run']),
    ...(validate?.violations ?? []).map((v) => `CloudFormation validation: ${v.ruleName}`),
  ];
}
