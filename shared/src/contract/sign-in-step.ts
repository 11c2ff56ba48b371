import * as z from 'zod';
import { loginAnswer } from '../entities';
import type { AuditFacts, Operation } from './operation';

/**
 * A step of signing in (`login`, `loginMfa`, `loginNewPassword`): public, a JSON body in, the
 * session or the next step out, refused with 400, 401 or 429.
 */
export const signInStep = <const P extends string, B extends z.ZodObject, const L extends string>(
  path: P,
  summary: string,
  body: B,
  label: L,
) =>
  ({
    module: 'accounts',
    method: 'POST',
    path,
    auth: 'public',
    // Each step records its own: the actor is known only from what was tried.
    audit: { label, by: 'handler' } satisfies AuditFacts,
    throttle: 'sign-in',
    summary,
    request: { encodings: ['json'], body },
    status: 200,
    kind: 'json',
    response: z.object({ data: loginAnswer }),
    errors: [400, 401, 429],
  }) as const satisfies Operation;
