import { ADMIN_GROUP, EDITOR_GROUP, ENV_NAMES } from '@agency/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { resourcesOf } from './template';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';

let s: Synthesized;
beforeAll(() => {
  s = synthStage('dev');
}, SYNTH_TIMEOUT_MS);

const variablesSchema = z.object({
  Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }).optional(),
});

describe('configuration names shared by the stack and the code', () => {
  it('sets on functions only variables the code reads (ENV_NAMES), so a rename cannot miss a side', () => {
    // NODE_OPTIONS is read by Node itself, not by our code.
    const known = new Set<string>([...Object.values(ENV_NAMES), 'NODE_OPTIONS']);
    // Every stack's functions: the site's and its nested stacks' (the API functions among them).
    const functions = resourcesOf(s.whole, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(20);
    const unknown = functions.flatMap(({ id }) => {
      const props = variablesSchema.parse(s.whole.toJSON().Resources[id].Properties);
      return Object.keys(props.Environment?.Variables ?? {})
        .filter((name) => !known.has(name))
        .map((name) => `${id}: ${name}`);
    });
    expect(unknown).toEqual([]);
  });

  it('creates the admin and editor groups the Lambdas check', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP });
    s.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: EDITOR_GROUP });
  });

  it("sets the staff accounts' variables (team table, audit table, REQUIRE_MFA: off in dev) on the functions", () => {
    const set = new Map<string, unknown[]>();
    for (const { id } of resourcesOf(s.whole, 'AWS::Lambda::Function')) {
      const props = variablesSchema.parse(s.whole.toJSON().Resources[id].Properties);
      for (const [name, value] of Object.entries(props.Environment?.Variables ?? {}))
        set.set(name, [...(set.get(name) ?? []), value]);
    }
    for (const name of [ENV_NAMES.teamTable, ENV_NAMES.auditTable, ENV_NAMES.requireMfa])
      expect(set.get(name)?.length ?? 0, name).toBeGreaterThan(0);
    expect(new Set(set.get(ENV_NAMES.requireMfa))).toEqual(new Set(['false']));
  });
});
