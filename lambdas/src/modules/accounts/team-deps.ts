import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TeamDeps } from './domain/team';
import { DynamoAccountStore } from '../../platform/staff/account-store';
import { CognitoTeamDirectory } from './adapters/team-directory';
import { DynamoTeamLock } from './adapters/team-lock';

/** The AWS implementations of the team domain's ports, created once per cold start. */
export const teamDeps: TeamDeps = {
  directory: new CognitoTeamDirectory(),
  accounts: new DynamoAccountStore(),
  lock: new DynamoTeamLock(),
  now: Date.now,
  sleep: (ms) => sleep(ms),
  newId: randomUUID,
};
