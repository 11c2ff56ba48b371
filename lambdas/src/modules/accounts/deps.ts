import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { tableName } from '../../platform/env';
import { DynamoAccountStore } from '../../platform/staff/account-store';
import { DynamoAuditLog } from '../../platform/staff/audit-log';
import { dynamoClient } from '../../platform/aws/clients';
import { CognitoAccountDirectory, CognitoIdentity } from './adapters/identity';
import { DynamoHitCounter } from '../../platform/aws/hit-counter';
import { DynamoLoginThrottle } from './adapters/login-throttle';
import { CognitoTeamDirectory } from './adapters/team-directory';
import { DynamoTeamLock } from './adapters/team-lock';
import type { TeamDeps } from './domain/team';

/**
 * What the sign-in and own-account handlers share, created once per cold start: the pool, the
 * login throttle, account records and the audit trail. Settings are read on first use.
 */
export const identity = new CognitoIdentity();
export const throttle = new DynamoLoginThrottle();
export const accounts = new DynamoAccountStore();
export const audit = new DynamoAuditLog();
export const directory = new CognitoAccountDirectory();

const counter = () => new DynamoHitCounter(dynamoClient(), tableName('content'));

/**
 * The sign-in and password reset limits' counters (per IP, per e-mail, wrong codes), beside the
 * enquiry ones in the content table (`RATE#…`).
 */
export const rateCounter = {
  hit: (key: string, expiresAt: number) => counter().hit(key, expiresAt),
  hits: (key: string) => counter().hits(key),
};

export const clock = {
  now: () => Date.now(),
  nowSeconds: () => Math.floor(Date.now() / 1000),
  sleep: (ms: number) => sleep(ms),
};

export const signInDeps = { identity, throttle, accounts, ipFailures: rateCounter, now: clock.now };

/** What the sign-in steps' audit records need (modules/accounts/adapters/sign-in-audit.ts): the trail, its limit, the accounts. */
export const signInAudit = { audit, counter: rateCounter, directory, now: clock.now };

/** The team's handlers: the pool's members, their account records and the lock on team changes. */
export const teamDeps: TeamDeps = {
  directory: new CognitoTeamDirectory(),
  accounts,
  lock: new DynamoTeamLock(),
  now: Date.now,
  sleep: (ms) => sleep(ms),
  newId: randomUUID,
};
