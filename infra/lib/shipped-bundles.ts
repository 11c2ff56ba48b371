/**
 * What a synthesised stack ships as function code, compared with what `npm run build -w lambdas`
 * built: the proof that the artifacts the tests and the bench run are the ones that deploy. Used by
 * the stack test and `npm run deploy:check`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  bundleDir,
  DIST_DIR,
  FUNCTIONS,
  STAGE_OPTIONAL_FUNCTIONS,
} from '@agency/lambdas/functions';
import * as z from 'zod';
import { FUNCTION_TAG } from './constructs/agency-function';

/** A project function of the template: its bundle name and the asset folder synth staged as its code. */
export interface ShippedFunction {
  logicalId: string;
  bundle: string;
  assetDir: string;
}

const functionSchema = z.object({
  Type: z.literal('AWS::Lambda::Function'),
  Properties: z.object({
    Tags: z.array(z.object({ Key: z.string(), Value: z.string() })).default([]),
  }),
  Metadata: z.record(z.string(), z.unknown()).default({}),
});
const templateSchema = z.object({ Resources: z.record(z.string(), z.unknown()) });
const nestedStackSchema = z.object({
  Type: z.literal('AWS::CloudFormation::Stack'),
  Metadata: z.object({ 'aws:asset:path': z.string() }),
});

/** The resources of a template and of the nested stacks' templates it names, read from the assembly. */
function resourcesWithNested(template: unknown, assemblyDir: string): [string, unknown][] {
  const resources = Object.entries(templateSchema.parse(template).Resources);
  return resources.flatMap(([id, resource]) => {
    const nested = nestedStackSchema.safeParse(resource);
    if (!nested.success) return [[id, resource] as [string, unknown]];
    const file = path.resolve(assemblyDir, nested.data.Metadata['aws:asset:path']);
    return resourcesWithNested(JSON.parse(readFileSync(file, 'utf8')), assemblyDir);
  });
}

/** Lambda's limit on a function's environment variables, all keys and values together. */
export const LAMBDA_ENVIRONMENT_MAX_BYTES = 4 * 1024;

/**
 * What a value CloudFormation resolves at deploy (a Ref, an ARN, a secret's dynamic reference) is
 * counted as: more than a table name or an ARN of this stack takes, less than nothing would be.
 */
const RESOLVED_VALUE_BYTES = 160;

/** The environment of a function as Lambda counts it, each value resolved at deploy counted at its most. */
export function environmentBytes(variables: Record<string, unknown>): number {
  return Object.entries(variables).reduce((sum, [key, value]) => {
    const text = typeof value === 'string' ? value : undefined;
    const resolved = text === undefined || /\{\{resolve:/.test(text);
    return (
      sum + Buffer.byteLength(key) + (resolved ? RESOLVED_VALUE_BYTES : Buffer.byteLength(text))
    );
  }, 0);
}

const environmentSchema = z.object({
  Type: z.literal('AWS::Lambda::Function'),
  Properties: z.object({
    Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }).optional(),
  }),
});

/** Functions of a template and its nested stacks whose environment would pass Lambda's 4 KB. */
export function oversizedEnvironments(template: unknown, assemblyDir: string): string[] {
  return resourcesWithNested(template, assemblyDir).flatMap(([logicalId, resource]) => {
    const fn = environmentSchema.safeParse(resource);
    if (!fn.success) return [];
    const bytes = environmentBytes(fn.data.Properties.Environment?.Variables ?? {});
    return bytes > LAMBDA_ENVIRONMENT_MAX_BYTES
      ? [`${logicalId}: its environment takes about ${bytes} bytes, over Lambda's 4 KB`]
      : [];
  });
}

/**
 * The functions of a template and its nested stacks tagged with their bundle, each with its staged
 * asset folder inside the cloud assembly (`aws:asset:path` metadata, which the CLI writes and tests
 * turn on with the `aws:cdk:enable-asset-metadata` context).
 */
export function shippedFunctions(template: unknown, assemblyDir: string): ShippedFunction[] {
  const shipped: ShippedFunction[] = [];
  for (const [logicalId, resource] of resourcesWithNested(template, assemblyDir)) {
    const fn = functionSchema.safeParse(resource);
    if (!fn.success) continue;
    const bundle = fn.data.Properties.Tags.find((t) => t.Key === FUNCTION_TAG)?.Value;
    if (bundle === undefined) continue; // a function of CDK itself (custom resources)
    const assetPath = fn.data.Metadata['aws:asset:path'];
    if (typeof assetPath !== 'string')
      throw new Error(
        `${logicalId} has no aws:asset:path metadata: synthesise with asset metadata on`,
      );
    shipped.push({ logicalId, bundle, assetDir: path.resolve(assemblyDir, assetPath) });
  }
  return shipped;
}

/** Relative path → sha256 of every file under a folder. */
export function folderDigest(dir: string): Map<string, string> {
  const digest = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    digest.set(
      path.relative(dir, file),
      createHash('sha256').update(readFileSync(file)).digest('hex'),
    );
  }
  return digest;
}

/**
 * Every way the shipped functions differ from the build: a function of the list not shipped or
 * shipped twice, a tag naming no function, an asset whose files are not the built bundle's. Empty
 * when synth ships exactly what was built.
 */
export function differencesFromBuild(shipped: ShippedFunction[], dist = DIST_DIR): string[] {
  const problems: string[] = [];
  const known = new Set(FUNCTIONS.map((fn) => fn.name));
  for (const fn of FUNCTIONS) {
    const count = shipped.filter((s) => s.bundle === fn.name).length;
    const optional = STAGE_OPTIONAL_FUNCTIONS.has(fn.name);
    if (count !== 1 && !(optional && count === 0))
      problems.push(
        `${fn.name} is shipped by ${count} functions (expected ${optional ? 'at most ' : ''}1)`,
      );
  }
  for (const s of shipped) {
    if (!known.has(s.bundle)) {
      problems.push(`${s.logicalId} is tagged with ${s.bundle}, which is not a project function`);
      continue;
    }
    const built = folderDigest(bundleDir(s.bundle, dist));
    const staged = folderDigest(s.assetDir);
    for (const [file, hash] of built)
      if (staged.get(file) !== hash)
        problems.push(
          `${s.logicalId} (${s.bundle}): ${file} ${staged.has(file) ? 'differs from' : 'is missing from'} the build`,
        );
    for (const file of staged.keys())
      if (!built.has(file))
        problems.push(`${s.logicalId} (${s.bundle}): ${file} is shipped but was not built`);
  }
  return problems;
}
