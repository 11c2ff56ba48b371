import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP, EDITOR_GROUP, staffScope } from '@agency/shared';
import { handler } from './staff-scopes';

/** The V2 event as Cognito sends it to the pre-token-generation trigger. */
function eventFor(
  groups: string[] | undefined,
  scopesToAdd?: string[],
): PreTokenGenerationV2TriggerEvent {
  return {
    version: '2',
    triggerSource: 'TokenGeneration_Authentication',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: 'sub-1',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'client' },
    request: {
      userAttributes: { sub: 'sub-1', email: 'someone@example.com' },
      groupConfiguration: { groupsToOverride: groups },
      scopes: ['aws.cognito.signin.user.admin'],
    },
    response: {
      claimsAndScopeOverrideDetails: scopesToAdd ? { accessTokenGeneration: { scopesToAdd } } : {},
    },
  };
}

const added = (event: PreTokenGenerationV2TriggerEvent) =>
  event.response.claimsAndScopeOverrideDetails.accessTokenGeneration?.scopesToAdd;

describe('the staff-scopes trigger', () => {
  it('adds agency/<group> for each staff group the person is in', async () => {
    expect(added(await handler(eventFor([ADMIN_GROUP])))).toEqual([staffScope(ADMIN_GROUP)]);
    expect(added(await handler(eventFor([EDITOR_GROUP, 'other'])))).toEqual([
      staffScope(EDITOR_GROUP),
    ]);
    expect(added(await handler(eventFor([EDITOR_GROUP, ADMIN_GROUP])))).toEqual([
      staffScope(ADMIN_GROUP),
      staffScope(EDITOR_GROUP),
    ]);
  });

  it('adds nothing for someone in no staff group', async () => {
    expect(added(await handler(eventFor(['customers'])))).toBeUndefined();
    expect(added(await handler(eventFor(undefined)))).toBeUndefined();
  });

  it('keeps scopes added before it, without duplicates', async () => {
    expect(
      added(await handler(eventFor([ADMIN_GROUP], ['extra', staffScope(ADMIN_GROUP)]))),
    ).toEqual(['extra', staffScope(ADMIN_GROUP)]);
  });
});
