import { setTimeout as sleep } from 'node:timers/promises';
import { tableName } from '../lib/env';
import { DynamoAccountStore } from './account-store';
import { DynamoAuditLog } from './audit-log';
import { dynamoClient } from './clients';
import { CognitoAccountDirectory, CognitoIdentity } from './identity';
import { DynamoHitCounter } from './lead-rate-counter';
import { DynamoLoginThrottle } from './login-throttle';

/**
 * What the sign-in and own-account handlers share, created once per cold start: the pool, the
 * login throttle, account records and the audit trail. Settings are read on first use.
 */
export const identity = new CognitoIdentity();
export const throttle = new DynamoLoginThrottle();
export const accounts = new DynamoAccountStore();
export const audit = new DynamoAuditLog();
export const directory = new CognitoAccountDirectory();

/** The password reset limits' counters, beside the enquiry ones in the content table (`RATE#…`). */
export const resetCounter = {
  hit: (key: string, expiresAt: number) =>
    new DynamoHitCounter(dynamoClient(), tableName('content')).hit(key, expiresAt),
};

export const signInDeps = { identity, throttle, accounts };

export const clock = {
  now: () => Date.now(),
  nowSeconds: () => Math.floor(Date.now() / 1000),
  sleep: (ms: number) => sleep(ms),
};
