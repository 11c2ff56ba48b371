import { contract, groupsAllowed, staffScope, type OperationName } from '@agency/shared';
import { verifiedClaims } from '../../platform/staff/auth';
import type { DecodedResult } from './apigw-event';

/** API Gateway's own answers of a JWT authorizer: HTTP APIs cannot change them. */
const refusal = (status: 401 | 403, message: 'Unauthorized' | 'Forbidden'): DecodedResult => ({
  status,
  headers: {
    'content-type': 'application/json',
    ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
  },
  cookies: [],
  body: Buffer.from(JSON.stringify({ message })),
});

/**
 * What the CDK's JWT authorizer does in front of every staff route (infra/lib/constructs/api.ts),
 * before any function runs: a missing, forged, expired or foreign token → 401 `{"message":
 * "Unauthorized"}`; a valid token without one of the route's scopes (`staffScope` of the groups
 * the access table allows) → 403 `{"message":"Forbidden"}`. Null: the call goes on to the function.
 * Public and session routes have no authorizer.
 */
export async function authorizeRoute(
  name: OperationName,
  authorization: string | undefined,
): Promise<DecodedResult | null> {
  if (contract[name].auth !== 'admin') return null;
  let scope: unknown;
  try {
    ({ scope } = await verifiedClaims(authorization));
  } catch {
    // A bad token, or keys that could not be fetched: API Gateway answers both Unauthorized.
    return refusal(401, 'Unauthorized');
  }
  const granted = typeof scope === 'string' ? scope.split(' ') : [];
  const required = groupsAllowed(name).map(staffScope);
  return required.some((s) => granted.includes(s)) ? null : refusal(403, 'Forbidden');
}
