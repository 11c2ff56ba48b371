import { describe, expect, it } from 'vitest';
import {
  DEPLOY_WAIT_MS,
  PENDING_WAIT_MS,
  rotateOriginSecret,
  type OriginHeader,
  type RotationDeps,
  type RotationSecretStore,
} from './origin-rotation';

const OLD = 'o'.repeat(48);
const NEXT = 'n'.repeat(48);
const TOKEN = 'token-2';

/** An in-memory secret and distribution, with a clock that sleeps instantly. */
function world(options: { sent?: string; deployAfterMs?: number } = {}) {
  let clock = 1_000_000;
  const versions = new Map<string, { text: string; createdAt: number; stages: string[] }>([
    [
      'token-1',
      {
        text: JSON.stringify({ current: OLD, previous: '' }),
        createdAt: 0,
        stages: ['AWSCURRENT'],
      },
    ],
  ]);
  let sent = options.sent ?? OLD;
  let changedAt = 0;
  const sends: { value: string; at: number }[] = [];
  const store: RotationSecretStore = {
    describe: () =>
      Promise.resolve({
        rotationEnabled: true,
        stages: Object.fromEntries([...versions].map(([id, v]) => [id, v.stages])),
      }),
    current: () => {
      const found = [...versions].find(([, v]) => v.stages.includes('AWSCURRENT'));
      if (!found) throw new Error('no current');
      return Promise.resolve({ versionId: found[0], text: found[1].text });
    },
    pending: (id) => {
      const v = versions.get(id);
      return Promise.resolve(v?.stages.includes('AWSPENDING') && v.text ? v : undefined);
    },
    putPending: (id, text) => {
      versions.set(id, { text, createdAt: clock, stages: ['AWSPENDING'] });
      return Promise.resolve();
    },
    makeCurrent: (id, from) => {
      const to = versions.get(id);
      const old = versions.get(from);
      if (!to || !old) throw new Error('no such version');
      old.stages = ['AWSPREVIOUS'];
      to.stages = ['AWSCURRENT'];
      return Promise.resolve();
    },
  };
  const header: OriginHeader = {
    sent: () => Promise.resolve(sent),
    send: (value) => {
      sent = value;
      changedAt = clock;
      sends.push({ value, at: clock });
      return Promise.resolve();
    },
    deployed: () => Promise.resolve(clock - changedAt >= (options.deployAfterMs ?? 0)),
  };
  const deps: RotationDeps = {
    store,
    header,
    now: () => clock,
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
    nextValue: () => Promise.resolve(NEXT),
    log: () => undefined,
  };
  // Secrets Manager makes the version (empty, AWSPENDING) before it calls createSecret.
  versions.set(TOKEN, { text: '', createdAt: clock, stages: ['AWSPENDING'] });
  /** What a function that reads now lets in: the current version's values and the pending one's. */
  const accepted = () =>
    [...versions.values()]
      .filter((v) => v.text && (v.stages.includes('AWSCURRENT') || v.stages.includes('AWSPENDING')))
      .flatMap((v) => {
        const j = JSON.parse(v.text) as { current: string; previous?: string };
        return [j.current, ...(j.previous ? [j.previous] : [])];
      });
  return { deps, versions, sends, accepted, now: () => clock, sent: () => sent };
}

const run = async (w: ReturnType<typeof world>) => {
  for (const step of ['createSecret', 'setSecret', 'testSecret', 'finishSecret'] as const)
    await rotateOriginSecret(step, TOKEN, w.deps);
};

describe('rotating the origin secret', () => {
  it('stores the next value, waits past the cache, switches CloudFront, then drops the old value', async () => {
    const w = world({ deployAfterMs: 3 * 60_000 });
    const started = w.now();
    await rotateOriginSecret('createSecret', TOKEN, w.deps);
    expect(w.accepted()).toEqual([OLD, NEXT]);
    expect(w.sent()).toBe(OLD);
    await rotateOriginSecret('setSecret', TOKEN, w.deps);
    expect(w.sends).toEqual([{ value: NEXT, at: started + PENDING_WAIT_MS }]);
    await rotateOriginSecret('testSecret', TOKEN, w.deps);
    expect(w.accepted()).toContain(OLD);
    await rotateOriginSecret('finishSecret', TOKEN, w.deps);
    expect(w.now()).toBeGreaterThanOrEqual(started + PENDING_WAIT_MS + 3 * 60_000);
    expect(w.accepted()).toEqual([NEXT]);
    expect(w.versions.get(TOKEN)?.stages).toEqual(['AWSCURRENT']);
  });

  it('does nothing twice when a step runs again', async () => {
    const w = world();
    await run(w);
    await run(w);
    expect(w.sends).toHaveLength(1);
    expect(w.accepted()).toEqual([NEXT]);
  });

  it('keeps letting in what CloudFront sends when an earlier rotation left it there', async () => {
    const ORPHAN = 'x'.repeat(48);
    const w = world({ sent: ORPHAN });
    await rotateOriginSecret('createSecret', TOKEN, w.deps);
    expect(w.accepted()).toEqual(expect.arrayContaining([OLD, NEXT, ORPHAN]));
  });

  it('fails finishSecret, leaving the old value current, while CloudFront has not deployed', async () => {
    const w = world({ deployAfterMs: DEPLOY_WAIT_MS + 60_000 });
    await rotateOriginSecret('createSecret', TOKEN, w.deps);
    await rotateOriginSecret('setSecret', TOKEN, w.deps);
    await rotateOriginSecret('testSecret', TOKEN, w.deps);
    await expect(rotateOriginSecret('finishSecret', TOKEN, w.deps)).rejects.toThrow(/not deployed/);
    expect(w.accepted()).toEqual([OLD, NEXT]);
    // Secrets Manager's retry, later, completes it.
    await rotateOriginSecret('finishSecret', TOKEN, w.deps);
    expect(w.accepted()).toEqual([NEXT]);
  });

  it('refuses a version that is not pending and a test before CloudFront was set', async () => {
    const w = world();
    await expect(rotateOriginSecret('createSecret', 'unknown', w.deps)).rejects.toThrow(/no stage/);
    await rotateOriginSecret('createSecret', TOKEN, w.deps);
    await expect(rotateOriginSecret('testSecret', TOKEN, w.deps)).rejects.toThrow(
      /not the pending/,
    );
    await expect(rotateOriginSecret('setSecret', 'token-1', w.deps)).resolves.toBeUndefined();
  });
});
