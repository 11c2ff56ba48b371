import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { STAFF_GROUPS, staffScope } from '@agency/shared';

/**
 * The user pool's pre-token-generation trigger (V2, `staff-scopes`): adds `agency/<group>` to the
 * access token's `scope` for each staff group the person is in, so each staff route's JWT
 * authorizer in API Gateway can require the scopes of the groups allowed (shared/src/access.ts).
 * Cognito fills `request.groupConfiguration.groupsToOverride` with the user's groups and applies
 * `response.claimsAndScopeOverrideDetails.accessTokenGeneration.scopesToAdd`; see
 * https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-lambda-pre-token-generation.html
 * (the V2 event needs the pool's advanced security "Essentials" tier or higher for access tokens).
 * The local stand-in calls this same function when it issues tokens (stand-ins/cognito-tokens.ts).
 */
/** The scopes a user's groups earn, in the order of STAFF_GROUPS. */
export function staffScopesOf(groups: readonly string[]): string[] {
  return STAFF_GROUPS.filter((g) => groups.includes(g)).map(staffScope);
}

/**
 * Lambda entry: the event comes back with the staff scopes added to whatever an earlier step put
 * in `scopesToAdd`; nothing else of the tokens changes.
 */
export const handler = async (
  event: PreTokenGenerationV2TriggerEvent,
): Promise<PreTokenGenerationV2TriggerEvent> => {
  const scopes = staffScopesOf(event.request.groupConfiguration.groupsToOverride ?? []);
  if (scopes.length === 0) return event;
  const details = event.response.claimsAndScopeOverrideDetails ?? {};
  const access = details.accessTokenGeneration ?? {};
  const added = access.scopesToAdd ?? [];
  return {
    ...event,
    response: {
      ...event.response,
      claimsAndScopeOverrideDetails: {
        ...details,
        accessTokenGeneration: {
          ...access,
          scopesToAdd: [...added, ...scopes.filter((s) => !added.includes(s))],
        },
      },
    },
  };
};
