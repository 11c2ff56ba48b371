import type { Template } from 'aws-cdk-lib/assertions';
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
