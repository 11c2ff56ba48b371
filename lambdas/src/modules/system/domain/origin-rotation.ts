/**
 * The origin secret's rotation (Secrets Manager's four steps), in the order that never refuses a
 * request CloudFront sends: the next value is stored as AWSPENDING, which every function lets in as
 * soon as it re-reads (≤ ORIGIN_SECRET_CACHE_MS); past that wait CloudFront's origin header gets
 * it; once CloudFront has deployed it the pending version becomes AWSCURRENT, and the old value, in
 * no version a function reads any more, is dropped.
 */

import { ORIGIN_SECRET_CACHE_MS } from '@agency/shared';

/** Secrets Manager's step names. */
export type RotationStep = 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';

/** How long a function may keep a value it read (ORIGIN_SECRET_CACHE_MS), plus a minute. */
export const PENDING_WAIT_MS = ORIGIN_SECRET_CACHE_MS + 60_000;
/** How long finishSecret waits for CloudFront to deploy before failing the step (a retry resumes). */
export const DEPLOY_WAIT_MS = 8 * 60_000;
const DEPLOY_POLL_MS = 20_000;

/** The secret as the rotation sees it. */
export interface RotationSecretStore {
  /** Staging labels per version id; whether rotation is turned on. */
  describe(): Promise<{ rotationEnabled: boolean; stages: Record<string, string[]> }>;
  /** The AWSCURRENT version: its id and value. */
  current(): Promise<{ versionId: string; text: string }>;
  /** The AWSPENDING version `versionId`: its value and when it was made; undefined if none. */
  pending(versionId: string): Promise<{ text: string; createdAt: number } | undefined>;
  /** Store `text` as version `versionId` with AWSPENDING. */
  putPending(versionId: string, text: string): Promise<void>;
  /** Move AWSCURRENT from `fromVersionId` to `versionId`. */
  makeCurrent(versionId: string, fromVersionId: string): Promise<void>;
}

/** CloudFront's origin header on the API origin. */
export interface OriginHeader {
  /** The value CloudFront sends (in its configuration), undefined if no origin has the header. */
  sent(): Promise<string | undefined>;
  /** Set the header on the origins that carry it, nothing else of the distribution. */
  send(value: string): Promise<void>;
  /** Whether the distribution's last change has reached every edge. */
  deployed(): Promise<boolean>;
}

export interface RotationDeps {
  store: RotationSecretStore;
  header: OriginHeader;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** A new secret value (at least 32 characters). */
  nextValue: () => Promise<string>;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

/** The parts of the secret's JSON a rotation reads. */
function parse(text: string): { current: string; previous?: string } {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || !('current' in value))
    throw new Error('The origin secret has no current value');
  const { current } = value;
  if (typeof current !== 'string' || current.length < 32)
    throw new Error('The origin secret has no valid current value');
  const previous = 'previous' in value ? value.previous : undefined;
  return typeof previous === 'string' && previous.length >= 32
    ? { current, previous }
    : { current };
}

/** Run one step for version `token`; every step may run again and does nothing twice. */
export async function rotateOriginSecret(
  step: RotationStep,
  token: string,
  deps: RotationDeps,
): Promise<void> {
  const { rotationEnabled, stages } = await deps.store.describe();
  if (!rotationEnabled) throw new Error('The origin secret is not enabled for rotation');
  const labels = stages[token];
  if (!labels) throw new Error(`Version ${token} of the origin secret has no stage`);
  if (labels.includes('AWSCURRENT')) {
    deps.log('The version is already current: nothing to do', { step });
    return;
  }
  if (!labels.includes('AWSPENDING'))
    throw new Error(`Version ${token} of the origin secret is not AWSPENDING`);
  switch (step) {
    case 'createSecret':
      return createSecret(token, deps);
    case 'setSecret':
      return setSecret(token, deps);
    case 'testSecret':
      return testSecret(token, deps);
    case 'finishSecret':
      return finishSecret(token, deps);
  }
}

async function pendingValue(token: string, deps: RotationDeps) {
  const pending = await deps.store.pending(token);
  if (!pending) throw new Error(`Version ${token} has no value: createSecret did not run`);
  return { ...pending, value: parse(pending.text).current };
}

/**
 * The next value as AWSPENDING. A value CloudFront sends that the current version does not hold
 * (an earlier rotation that failed after changing the header) rides along as `previous`, so
 * moving AWSPENDING here never refuses what CloudFront sends now.
 */
async function createSecret(token: string, deps: RotationDeps): Promise<void> {
  if (await deps.store.pending(token)) return;
  const current = parse((await deps.store.current()).text);
  const sent = await deps.header.sent();
  const next = await deps.nextValue();
  if (next.length < 32) throw new Error('The next value is shorter than 32 characters');
  const orphan = sent !== undefined && sent !== current.current ? sent : undefined;
  await deps.store.putPending(
    token,
    JSON.stringify(orphan ? { current: next, previous: orphan } : { current: next }),
  );
  deps.log('Stored the next origin secret as AWSPENDING');
}

/** Past every function's cache since the pending value was stored, CloudFront sends it. */
async function setSecret(token: string, deps: RotationDeps): Promise<void> {
  const pending = await pendingValue(token, deps);
  if ((await deps.header.sent()) === pending.value) return;
  const wait = pending.createdAt + PENDING_WAIT_MS - deps.now();
  if (wait > 0) {
    deps.log('Waiting for every function to read the pending value', { ms: wait });
    await deps.sleep(wait);
  }
  await deps.header.send(pending.value);
  deps.log("Set CloudFront's origin header to the pending value");
}

/** CloudFront's configuration holds the pending value. */
async function testSecret(token: string, deps: RotationDeps): Promise<void> {
  const pending = await pendingValue(token, deps);
  if ((await deps.header.sent()) !== pending.value)
    throw new Error("CloudFront's origin header is not the pending value");
}

/**
 * Once every edge sends the pending value, it becomes AWSCURRENT: the functions drop the old value
 * at their next read. Not deployed within DEPLOY_WAIT_MS: the step fails and a retry resumes here.
 */
async function finishSecret(token: string, deps: RotationDeps): Promise<void> {
  await testSecret(token, deps);
  const until = deps.now() + DEPLOY_WAIT_MS;
  while (!(await deps.header.deployed())) {
    if (deps.now() >= until)
      throw new Error('CloudFront has not deployed the new origin header yet; retry later');
    await deps.sleep(DEPLOY_POLL_MS);
  }
  const current = await deps.store.current();
  await deps.store.makeCurrent(token, current.versionId);
  deps.log('The pending origin secret is current; the old value is dropped');
}
