import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import {
  CAPTCHA_ALGORITHM,
  CAPTCHA_MESSAGES,
  createCaptchaChallenge,
  START_MAX_AGE_MS,
  startToken,
  verifiedStart,
  verifyCaptcha,
  type CaptchaSettings,
  type ReplayGuard,
} from './captcha';
import { solveForForm } from '../../../../test/support/captcha-solver';

const settings: CaptchaSettings = {
  hmacKey: 'k'.repeat(32),
  cost: 10,
  maxCounter: 30,
  ttlSeconds: 600,
};

class MemoryGuard implements ReplayGuard {
  readonly used = new Map<string, number>();
  async useOnce(key: string, expiresAt: number): Promise<boolean> {
    if (this.used.has(key)) return false;
    this.used.set(key, expiresAt);
    return true;
  }
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (
  field: string,
): {
  challenge: { parameters: Record<string, unknown>; signature: string };
  solution: { counter: number; derivedKey: string };
} => JSON.parse(Buffer.from(field, 'base64').toString('utf8'));

describe('createCaptchaChallenge', () => {
  it('makes a signed PBKDF2 challenge in the widget v3 format, expiring after the ttl', async () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const c = await createCaptchaChallenge(settings, now);
    expect(c.parameters).toMatchObject({
      algorithm: CAPTCHA_ALGORITHM,
      cost: 10,
      expiresAt: now.getTime() / 1000 + 600,
    });
    expect(c.parameters.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(c.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sets the work between a third of the maximum counter and the maximum', async () => {
    const field = await solveForForm(await createCaptchaChallenge(settings));
    const { counter } = decode(field).solution;
    expect(counter).toBeGreaterThanOrEqual(10);
    expect(counter).toBeLessThanOrEqual(30);
  });
});

describe('verifyCaptcha', () => {
  it('accepts a solved challenge once and refuses its replay', async () => {
    const guard = new MemoryGuard();
    const issued = new Date();
    const field = await solveForForm(await createCaptchaChallenge(settings, issued));
    await expect(verifyCaptcha(field, settings, guard)).resolves.toEqual({
      issuedAt: issued.getTime(),
      startedAt: issued.getTime(),
    });
    await expect(verifyCaptcha(field, settings, guard)).rejects.toMatchObject({
      kind: 'invalid',
      field: 'altcha',
      message: `altcha: ${CAPTCHA_MESSAGES.replayed}`,
    });
  });

  it('refuses an expired challenge even though it was solved', async () => {
    const field = await solveForForm(
      await createCaptchaChallenge(settings, new Date(Date.now() - 11 * 60 * 1000)),
    );
    await expect(verifyCaptcha(field, settings, new MemoryGuard())).rejects.toMatchObject({
      field: 'altcha',
      message: `altcha: ${CAPTCHA_MESSAGES.expired}`,
    });
  });

  it('refuses a challenge signed with another key', async () => {
    const field = await solveForForm(
      await createCaptchaChallenge({ ...settings, hmacKey: 'x'.repeat(32) }),
    );
    await expect(verifyCaptcha(field, settings, new MemoryGuard())).rejects.toMatchObject({
      field: 'altcha',
      message: `altcha: ${CAPTCHA_MESSAGES.invalid}`,
    });
  });

  it('refuses a wrong solution and tampered parameters', async () => {
    const guard = new MemoryGuard();
    const good = decode(await solveForForm(await createCaptchaChallenge(settings)));
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: 'ab'.repeat(32) } };
    await expect(verifyCaptcha(b64(wrongKey), settings, guard)).rejects.toMatchObject({
      field: 'altcha',
    });
    const cheaper = {
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } },
    };
    await expect(verifyCaptcha(b64(cheaper), settings, guard)).rejects.toMatchObject({
      field: 'altcha',
    });
    // Neither failed attempt used up the real solution.
    await expect(verifyCaptcha(b64(good), settings, guard)).resolves.toMatchObject({
      issuedAt: expect.any(Number),
    });
  });

  it('refuses a challenge whose issue time was moved back (it is signed)', async () => {
    const good = decode(await solveForForm(await createCaptchaChallenge(settings)));
    const older = {
      ...good,
      challenge: {
        ...good.challenge,
        parameters: { ...good.challenge.parameters, data: { issued_at: Date.now() - 60_000 } },
      },
    };
    await expect(verifyCaptcha(b64(older), settings, new MemoryGuard())).rejects.toMatchObject({
      field: 'altcha',
      message: `altcha: ${CAPTCHA_MESSAGES.invalid}`,
    });
  });

  it('accepts a challenge issued before challenges carried their issue time, with no time', async () => {
    const good = decode(await solveForForm(await createCaptchaChallenge(settings)));
    const { data: _data, ...parameters } = good.challenge.parameters;
    // Signed as altcha-lib signs: an HMAC of the parameters with their keys sorted.
    const sorted = Object.fromEntries(
      Object.entries(parameters).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    const signature = createHmac('sha256', settings.hmacKey)
      .update(JSON.stringify(sorted))
      .digest('hex');
    const legacy = { challenge: { parameters, signature }, solution: good.solution };
    await expect(verifyCaptcha(b64(legacy), settings, new MemoryGuard())).resolves.toEqual({
      issuedAt: null,
      startedAt: null,
    });
  });

  it('refuses a forged challenge whose signature the attacker computed without the key signature', async () => {
    const good = decode(await solveForForm(await createCaptchaChallenge(settings)));
    const { keySignature: _drop, ...params } = good.challenge.parameters;
    const signature = createHmac('sha256', 'guess').update(JSON.stringify(params)).digest('hex');
    await expect(
      verifyCaptcha(
        b64({ challenge: { parameters: params, signature }, solution: good.solution }),
        settings,
        new MemoryGuard(),
      ),
    ).rejects.toMatchObject({ field: 'altcha' });
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['the widget test-mode payload', b64({ challenge: null, solution: null, test: true })],
    [
      'a v1 payload',
      b64({ algorithm: 'SHA-256', challenge: 'abc', number: 1, salt: 's', signature: 'x' }),
    ],
    ['an empty object', b64({})],
  ])('refuses %s with a 400 naming altcha', async (_name, field) => {
    await expect(verifyCaptcha(field, settings, new MemoryGuard())).rejects.toMatchObject({
      kind: 'invalid',
      field: 'altcha',
    });
  });
});

describe('the start of a page view, kept across challenges', () => {
  // Real times: altcha-lib checks a solution's expiry against the clock.
  const later = new Date();
  const first = new Date(later.getTime() - 45_000);
  const dataOf = async (c: Promise<{ parameters: { data?: Record<string, unknown> } }>) =>
    (await c).parameters.data ?? {};

  it('signs a first challenge as started when it is issued, with a token for the next one', async () => {
    const data = await dataOf(createCaptchaChallenge(settings, first));
    expect(data).toEqual({
      issued_at: first.getTime(),
      started_at: first.getTime(),
      start: startToken(settings.hmacKey, first.getTime()),
    });
  });

  it('carries a verified start into a later challenge, and the solution reports it', async () => {
    const { start } = await dataOf(createCaptchaChallenge(settings, first));
    expect(typeof start).toBe('string');
    const next = await createCaptchaChallenge(settings, later, String(start));
    expect(next.parameters.data).toMatchObject({
      issued_at: later.getTime(),
      started_at: first.getTime(),
    });
    const field = await solveForForm(next);
    await expect(verifyCaptcha(field, settings, new MemoryGuard(), later)).resolves.toEqual({
      issuedAt: later.getTime(),
      startedAt: first.getTime(),
    });
  });

  it('starts now for a forged, foreign, malformed or stale start', async () => {
    const t = first.getTime();
    const forged = `${t}.${'0'.repeat(64)}`;
    const foreign = startToken('x'.repeat(32), t);
    const stale = startToken(settings.hmacKey, later.getTime() - START_MAX_AGE_MS - 1);
    // A signature for one time does not vouch for another.
    const moved = `${t - 60_000}.${startToken(settings.hmacKey, t).split('.')[1] ?? ''}`;
    for (const start of [forged, foreign, stale, moved, 'garbage', '', `${t}`]) {
      expect(verifiedStart(start, settings.hmacKey, later.getTime()), start).toBeNull();
      expect(await dataOf(createCaptchaChallenge(settings, later, start)), start).toMatchObject({
        started_at: later.getTime(),
      });
    }
    expect(verifiedStart(undefined, settings.hmacKey, later.getTime())).toBeNull();
  });

  it('honours a start up to the bound, and never one later than now', () => {
    const edge = later.getTime() - START_MAX_AGE_MS;
    expect(
      verifiedStart(startToken(settings.hmacKey, edge), settings.hmacKey, later.getTime()),
    ).toBe(edge);
    const ahead = later.getTime() + 5_000;
    expect(
      verifiedStart(startToken(settings.hmacKey, ahead), settings.hmacKey, later.getTime()),
    ).toBe(later.getTime());
  });

  it('refuses a solution whose start was moved back (it is signed with the challenge)', async () => {
    const good = decode(await solveForForm(await createCaptchaChallenge(settings, later)));
    const older = {
      ...good,
      challenge: {
        ...good.challenge,
        parameters: {
          ...good.challenge.parameters,
          data: { ...(good.challenge.parameters.data as object), started_at: first.getTime() },
        },
      },
    };
    await expect(
      verifyCaptcha(b64(older), settings, new MemoryGuard(), later),
    ).rejects.toMatchObject({ field: 'altcha', message: `altcha: ${CAPTCHA_MESSAGES.invalid}` });
  });
});
