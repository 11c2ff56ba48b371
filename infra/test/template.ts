import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import * as z from 'zod';

const statementSchema = z.object({
  Effect: z.string(),
  Action: z.union([z.string(), z.array(z.string())]),
  Resource: z.unknown(),
  Condition: z.record(z.string(), z.unknown()).optional(),
});
export type Statement = z.infer<typeof statementSchema> & { actions: string[] };

const resourceSchema = z
  .object({ Type: z.string(), Properties: z.record(z.string(), z.unknown()).default({}) })
  .passthrough();

/** Logical id and properties of every resource of a type. */
export function resourcesOf(
  template: Template,
  type: string,
): { id: string; props: Record<string, unknown>; raw: z.infer<typeof resourceSchema> }[] {
  return Object.entries(template.findResources(type)).map(([id, value]) => {
    const raw = resourceSchema.parse(value);
    return { id, props: raw.Properties, raw };
  });
}

/** The Lambda function whose description starts with `prefix`. */
export function functionByDescription(
  template: Template,
  prefix: string,
): { id: string; props: Record<string, unknown> } {
  const matches = resourcesOf(template, 'AWS::Lambda::Function').filter((f) =>
    String(f.props.Description ?? '').startsWith(prefix),
  );
  if (matches.length !== 1)
    throw new Error(`Expected one function described "${prefix}…", found ${matches.length}`);
  const [match] = matches;
  if (!match) throw new Error('unreachable');
  return match;
}

const getAtt = z.object({ 'Fn::GetAtt': z.tuple([z.string(), z.string()]) });

/** Every IAM statement attached to the role of a function. */
export function statementsOf(template: Template, functionId: string): Statement[] {
  const fn = template.toJSON().Resources[functionId];
  const role = getAtt.parse(resourceSchema.parse(fn).Properties.Role)['Fn::GetAtt'][0];
  const document = z.object({ Statement: z.array(statementSchema) });
  // The role's own inline policies (InlinePolicyRole), and any policy resource attached to it.
  const inline = z
    .object({ Policies: z.array(z.object({ PolicyDocument: z.unknown() })).default([]) })
    .parse(resourceSchema.parse(template.toJSON().Resources[role]).Properties)
    .Policies.map((p) => p.PolicyDocument);
  const attached = resourcesOf(template, 'AWS::IAM::Policy')
    .filter((p) => JSON.stringify(p.props.Roles) === JSON.stringify([{ Ref: role }]))
    .map((p) => p.props.PolicyDocument);
  return [...inline, ...attached]
    .flatMap((d) => document.parse(d).Statement)
    .map((s) => ({ ...s, actions: typeof s.Action === 'string' ? [s.Action] : s.Action }));
}

/** Logical ids a value refers to (Ref and Fn::GetAtt), anywhere inside it. */
export function referencedIds(value: unknown): string[] {
  const ids = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v)) {
        if (key === 'Ref' && typeof inner === 'string' && !inner.startsWith('AWS::'))
          ids.add(inner);
        else if (key === 'Fn::GetAtt' && Array.isArray(inner) && typeof inner[0] === 'string')
          ids.add(inner[0]);
        else visit(inner);
      }
    }
  };
  visit(value);
  return [...ids];
}

const templateSchema = z.looseObject({
  Resources: z.record(z.string(), z.unknown()),
  Outputs: z.record(z.string(), z.object({ Value: z.unknown() })).default({}),
});
const nestedStackSchema = z.object({
  Type: z.literal('AWS::CloudFormation::Stack'),
  Properties: z.object({ Parameters: z.record(z.string(), z.unknown()).default({}) }),
  Metadata: z.object({ 'aws:asset:path': z.string() }).loose(),
});

/** `value` with every object `replace` answers for replaced by its answer, deep. */
function rewrite(value: unknown, replace: (node: object) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, replace));
  if (value && typeof value === 'object') {
    const replaced = replace(value);
    if (replaced !== undefined) return replaced;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, replace)]));
  }
  return value;
}

/** A stack with its nested stacks' resources in it, each reference in the stack's own terms. */
interface Flattened {
  resources: Record<string, unknown>;
  outputs: Record<string, { Value: unknown }>;
  /** The logical id (in this stack) of the nested stack holding each resource from one. */
  nestedIn: Map<string, string>;
}

function flatten(template: unknown, assemblyDir: string): Flattened {
  const { Resources, Outputs } = templateSchema.parse(template);
  const nested = new Map(
    Object.entries(Resources).flatMap(([id, resource]) => {
      const stack = nestedStackSchema.safeParse(resource);
      if (!stack.success) return [];
      const file = path.resolve(assemblyDir, stack.data.Metadata['aws:asset:path']);
      const inner = flatten(JSON.parse(readFileSync(file, 'utf8')), assemblyDir);
      return [[id, { inner, parameters: stack.data.Properties.Parameters }] as const];
    }),
  );
  // A value of this stack: a nested stack's output read (`Fn::GetAtt [stack, Outputs.X]`) is
  // replaced by the output's value.
  const here = (value: unknown): unknown =>
    rewrite(value, (node) => {
      const getAtt = z
        .object({ 'Fn::GetAtt': z.tuple([z.string(), z.string()]) })
        .strict()
        .safeParse(node);
      if (!getAtt.success) return undefined;
      const [id, attribute] = getAtt.data['Fn::GetAtt'];
      const stack = nested.get(id);
      if (!stack || !attribute.startsWith('Outputs.')) return undefined;
      const output = stack.inner.outputs[attribute.slice('Outputs.'.length)];
      if (!output) throw new Error(`${id} has no output ${attribute}`);
      return inside(id, output.Value);
    });
  // A value of nested stack `id`: each of its parameters is replaced by what this stack passes.
  const inside = (id: string, value: unknown): unknown =>
    rewrite(value, (node) => {
      const ref = z.object({ Ref: z.string() }).strict().safeParse(node);
      const parameters = nested.get(id)?.parameters ?? {};
      if (!ref.success || !(ref.data.Ref in parameters)) return undefined;
      return here(parameters[ref.data.Ref]);
    });
  const resources: Record<string, unknown> = {};
  const nestedIn = new Map<string, string>();
  for (const [id, resource] of Object.entries(Resources)) resources[id] = here(resource);
  for (const [stackId, { inner }] of nested)
    for (const [id, resource] of Object.entries(inner.resources)) {
      if (id in resources) throw new Error(`${id} is a logical id of two stacks`);
      resources[id] = inside(stackId, resource);
      nestedIn.set(id, stackId);
    }
  return { resources, outputs: Outputs, nestedIn };
}

/**
 * A synthesised stack and the nested stacks it holds (their templates read from the assembly by
 * their `aws:asset:path` metadata) as one template: a nested stack's parameter is replaced by what
 * the parent passes it, and the parent's read of a nested stack's output by the output's value, so
 * every reference names the resource itself (by its logical id in its own template) wherever it
 * lives. Grants, routes and environments read the same whether a function is in the site's stack or
 * a nested one. Also tells, for each resource of a nested stack, the parent's logical id of that
 * nested stack (a parent's resource that waits for one depends on that id).
 */
export function wholeTemplate(
  template: unknown,
  assemblyDir: string,
): { template: Template; nestedIn: ReadonlyMap<string, string> } {
  const { resources, outputs, nestedIn } = flatten(template, assemblyDir);
  const whole = { ...templateSchema.parse(template), Resources: resources, Outputs: outputs };
  return {
    template: Template.fromJSON(whole, { skipCyclicalDependenciesCheck: true }),
    nestedIn,
  };
}
