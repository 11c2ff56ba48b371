/**
 * CloudFormation's limits on one template, and how near each stack of a synthesised stage is to
 * them: the site's stack and each of its nested stacks is a stack of its own, with its own 500
 * resources (the parameters and outputs are how a nested stack and its parent refer to each other).
 * `deploy:check` prints and checks them; the stack test keeps room under them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

/** Resources CloudFormation takes in one stack, a nested stack included. */
export const CLOUDFORMATION_MAX_RESOURCES = 500;
/** Parameters CloudFormation takes in one template (a nested stack's inputs from its parent). */
export const CLOUDFORMATION_MAX_PARAMETERS = 200;
/** Outputs CloudFormation takes in one template (what a nested stack gives its parent). */
export const CLOUDFORMATION_MAX_OUTPUTS = 200;

/** One stack of a stage, as its template counts. */
export interface StackSize {
  /** The stack's name, or for a nested stack its parent's name and its construct path (`AgencySite-prod › Api/Functions`). */
  name: string;
  resources: number;
  parameters: number;
  outputs: number;
}

const templateSchema = z.object({
  Resources: z.record(z.string(), z.unknown()).default({}),
  Parameters: z.record(z.string(), z.unknown()).default({}),
  Outputs: z.record(z.string(), z.unknown()).default({}),
});
const nestedStackSchema = z.object({
  Type: z.literal('AWS::CloudFormation::Stack'),
  Metadata: z.looseObject({ 'aws:asset:path': z.string(), 'aws:cdk:path': z.string().optional() }),
});

/**
 * The size of a synthesised stack and of each nested stack it holds (their templates read from the
 * assembly by their `aws:asset:path` metadata, which the CLI writes and tests turn on), the stack
 * first.
 */
export function stackSizes(template: unknown, assemblyDir: string, name: string): StackSize[] {
  const parsed = templateSchema.parse(template);
  const own: StackSize = {
    name,
    resources: Object.keys(parsed.Resources).length,
    parameters: Object.keys(parsed.Parameters).length,
    outputs: Object.keys(parsed.Outputs).length,
  };
  const nested = Object.entries(parsed.Resources).flatMap(([id, resource]) => {
    const stack = nestedStackSchema.safeParse(resource);
    if (!stack.success) return [];
    const file = path.resolve(assemblyDir, stack.data.Metadata['aws:asset:path']);
    return stackSizes(
      JSON.parse(readFileSync(file, 'utf8')),
      assemblyDir,
      `${name} › ${constructPath(stack.data.Metadata['aws:cdk:path']) ?? id}`,
    );
  });
  return [own, ...nested];
}

/**
 * The construct path of a nested stack from its resource's `aws:cdk:path`
 * (`<stack>/<scope>/<id>.NestedStack/<id>.NestedStackResource` → `<scope>/<id>`).
 */
function constructPath(cdkPath: string | undefined): string | undefined {
  const parts = cdkPath?.split('/') ?? [];
  const last = parts.at(-1);
  if (!last?.endsWith('.NestedStackResource')) return undefined;
  return [...parts.slice(1, -2), last.replace(/\.NestedStackResource$/, '')].join('/');
}

/** Every limit a stack passes, as `<stack> has N <what>, over CloudFormation's <limit>`. */
export function overLimits(sizes: readonly StackSize[]): string[] {
  return sizes.flatMap((s) =>
    (
      [
        ['resources', s.resources, CLOUDFORMATION_MAX_RESOURCES],
        ['parameters', s.parameters, CLOUDFORMATION_MAX_PARAMETERS],
        ['outputs', s.outputs, CLOUDFORMATION_MAX_OUTPUTS],
      ] as const
    )
      .filter(([, count, limit]) => count > limit)
      .map(
        ([what, count, limit]) => `${s.name} has ${count} ${what}, over CloudFormation's ${limit}`,
      ),
  );
}
