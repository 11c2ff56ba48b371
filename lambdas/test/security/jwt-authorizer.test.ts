import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, contract, mayUse, operationNames } from '@agency/shared';
import { startTestStack, type TestStack } from '../harness';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);
afterAll(async () => stack?.stop());

const staffOps = operationNames.filter((n) => contract[n].auth === 'admin');
const isAuthorizerAnswer = (body: string) =>
  body === '{"message":"Unauthorized"}' || body === '{"message":"Forbidden"}';

/**
 * The local router does what API Gateway's JWT authorizer does in front of each staff route, with
 * the scopes the user pool's pre-token-generation trigger puts in access tokens: the same access
 * table decides, before any function runs.
 */
describe('the JWT authorizer in front of staff routes', () => {
  it('answers 401 Unauthorized without a token or with a forged one, for every staff route', async () => {
    for (const name of staffOps) {
      const op = contract[name];
      for (const headers of [{}, { authorization: 'Bearer not.a.token' }] as Record<
        string,
        string
      >[]) {
        const res = await stack.request(op.method, buildPath(name), { headers });
        expect(res.status, name).toBe(401);
        expect(res.body, name).toBe('{"message":"Unauthorized"}');
      }
    }
  });

  it('answers 403 Forbidden to a token without the route’s scopes, and lets allowed roles through', async () => {
    const tokens = {
      none: await stack.userToken(),
      editors: await stack.editorToken(),
      admins: await stack.adminToken(),
    };
    for (const name of staffOps) {
      const op = contract[name];
      for (const [who, token] of Object.entries(tokens)) {
        const res = await stack.request(op.method, buildPath(name), { token });
        const groups = who === 'none' ? [] : [who];
        if (mayUse(groups, name))
          expect(isAuthorizerAnswer(res.body), `${who} ${name}`).toBe(false);
        else {
          expect(res.status, `${who} ${name}`).toBe(403);
          expect(res.body, `${who} ${name}`).toBe('{"message":"Forbidden"}');
        }
      }
    }
  });
});
