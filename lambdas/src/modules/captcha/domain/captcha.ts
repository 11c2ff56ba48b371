import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { invalid } from '../../../platform/errors';

/**
 * ALTCHA v2 proof of work, the format the `altcha` widget v3 speaks: the widget fetches a challenge
 * `{ parameters, signature }`, solves it in Web Workers and posts `altcha` = base64(JSON
 * `{ challenge: { parameters, signature }, solution: { counter, derivedKey, time } }`).
 *
 * Deterministic mode: the server picks the counter, so the work is uniform between counterMin and
 * counterMax derivations (not geometric as with a fixed key prefix), and verification is one HMAC of
 * the submitted key against the signed key signature, never a re-derivation.
 */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * Default cost, measured with altcha-lib's own solver in Node 20 on this 2-core build machine
 * (`npx tsx src/modules/captcha/domain/captcha-cost.ts` from lambdas/): PBKDF2/SHA-256 at 1,000 iterations costs
 * 0.35–0.4 ms per counter when the machine is quiet (up to 1 ms while other jobs load it). The counter
 * is drawn between 1,000 and 3,000 (mean 2,000), so one Node core needs about 0.75 s (0.35–1.2 s) on
 * average, and 1.5 s under heavy load. A mid-range phone runs WebCrypto PBKDF2 roughly 3× slower per
 * core, about 2 s of work, which the widget splits over its Web Workers (4 on such phones): about one
 * second to solve, never long enough to stall the form. For comparison, altcha-lib's README example
 * (cost 5,000, counters 5,000–10,000) took 27 s here for counter 7,500: far too slow for a form.
 */
export const CAPTCHA_DEFAULTS = { cost: 1000, maxCounter: 3000, ttlSeconds: 10 * 60 } as const;

export interface CaptchaSettings {
  /** HMAC key that signs challenges; the key-signature secret is derived from it. */
  hmacKey: string;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** Largest counter the solver may have to reach; the smallest is a third of it. */
  maxCounter: number;
  /** How long a challenge stays solvable. */
  ttlSeconds: number;
}

/** Remembers used solutions: `useOnce` is atomic and true only the first time for a key. */
export interface ReplayGuard {
  useOnce(key: string, expiresAt: number): Promise<boolean>;
}

export const CAPTCHA_MESSAGES = {
  invalid: 'is not a valid captcha solution; solve the captcha again',
  expired: 'has expired; solve the captcha again',
  replayed: 'this captcha was already used; solve it again',
} as const;

const keySignatureSecret = (hmacKey: string): string =>
  createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');

/**
 * How long a page view's signed start may be carried into a new challenge. The start only ever makes
 * a form look older, so it is bounded: a token harvested once is no pass for a bot days later, while a
 * visitor who left the tab open for an afternoon keeps theirs.
 */
export const START_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const startSignature = (hmacKey: string, startedAt: number): string =>
  createHmac('sha256', hmacKey).update(`enquiry-start:${startedAt}`).digest('hex');

/** The token a challenge hands the form for its start: `<epoch ms>.<HMAC>`. */
export const startToken = (hmacKey: string, startedAt: number): string =>
  `${startedAt}.${startSignature(hmacKey, startedAt)}`;

const START_TOKEN = /^(\d{1,15})\.([0-9a-f]{64})$/;

/**
 * The start a token proves, or null when it is absent, malformed, signed with another key, or older
 * than START_MAX_AGE_MS at `now`. A start after `now` (another function's clock running ahead) is
 * `now`: never later than the request that carries it.
 */
export function verifiedStart(
  token: string | undefined,
  hmacKey: string,
  now: number,
): number | null {
  const match = token === undefined ? null : START_TOKEN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const startedAt = Number(match[1]);
  const expected = Buffer.from(startSignature(hmacKey, startedAt), 'hex');
  const given = Buffer.from(match[2], 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (now - startedAt > START_MAX_AGE_MS) return null;
  return Math.min(startedAt, now);
}

/**
 * A fresh signed challenge for the widget, valid for `ttlSeconds` from `now`. It carries, signed with
 * the rest, `data.issued_at` (epoch ms), `data.started_at` (when the visitor started on the form in
 * this page view) and `data.start` (the token that proves it). `start` is the token of the page
 * view's earlier challenge: honoured when it verifies, else the form starts `now`. The server
 * measures the fill time from `started_at`, so a challenge fetched again (the widget remounted after
 * a failed send, or expired) does not make a person who took a minute look like a bot.
 */
export function createCaptchaChallenge(
  settings: CaptchaSettings,
  now: Date = new Date(),
  start?: string,
): Promise<Challenge> {
  const maxCounter = Math.max(1, Math.floor(settings.maxCounter));
  const startedAt = verifiedStart(start, settings.hmacKey, now.getTime()) ?? now.getTime();
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(maxCounter, Math.max(0, Math.floor(maxCounter / 3))),
    data: {
      issued_at: now.getTime(),
      started_at: startedAt,
      start: startToken(settings.hmacKey, startedAt),
    },
    deriveKey,
    expiresAt: Math.floor(now.getTime() / 1000) + settings.ttlSeconds,
    hmacSignatureSecret: settings.hmacKey,
    hmacKeySignatureSecret: keySignatureSecret(settings.hmacKey),
  });
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** Loose: every signed parameter must reach the signature check unchanged. */
const parameters = z.looseObject({
  algorithm: z.literal(CAPTCHA_ALGORITHM),
  nonce: z.string().regex(/^[0-9a-f]+$/),
  salt: z.string().regex(/^[0-9a-f]+$/),
  cost: z.number().int().positive(),
  keyLength: z.number().int().positive(),
  keyPrefix: z.string().min(1),
  keySignature: z.string().min(1),
  expiresAt: z.number().positive(),
  memoryCost: z.number().optional(),
  parallelism: z.number().optional(),
  data: z.record(z.string(), scalar).optional(),
});
/** A challenge as the widget receives it and posts it back. */
export const challengeSchema = z.object({
  parameters,
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
const payloadSchema = z.object({
  challenge: challengeSchema,
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().min(1),
    time: z.number().optional(),
  }),
});

function decodePayload(payload: string): z.infer<typeof payloadSchema> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    throw invalid('altcha', CAPTCHA_MESSAGES.invalid);
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) throw invalid('altcha', CAPTCHA_MESSAGES.invalid);
  return parsed.data;
}

/** What a verified solution tells about its challenge (epoch ms, signed with it). */
export interface VerifiedCaptcha {
  /** When the challenge was issued, or null for one issued before challenges carried it. */
  issuedAt: number | null;
  /**
   * When the visitor started on the form in that page view: the challenge's `started_at`, else
   * (a challenge from before starts were kept) its issue time, else null.
   */
  startedAt: number | null;
}

/**
 * Check the widget's `altcha` field: signature, expiry and solution, then accept it once only.
 * Throws a 400 naming `altcha` on every failure.
 */
export async function verifyCaptcha(
  payload: string,
  settings: CaptchaSettings,
  guard: ReplayGuard,
  now: Date = new Date(),
): Promise<VerifiedCaptcha> {
  const { challenge, solution } = decodePayload(payload);
  const nowSeconds = now.getTime() / 1000;
  if (challenge.parameters.expiresAt < nowSeconds)
    throw invalid('altcha', CAPTCHA_MESSAGES.expired);
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: settings.hmacKey,
    hmacKeySignatureSecret: keySignatureSecret(settings.hmacKey),
  });
  if (result.expired) throw invalid('altcha', CAPTCHA_MESSAGES.expired);
  if (!result.verified) throw invalid('altcha', CAPTCHA_MESSAGES.invalid);
  // The signature is unique per challenge (random nonce and salt): one accepted use per challenge.
  const first = await guard.useOnce(
    challenge.signature,
    Math.ceil(challenge.parameters.expiresAt) + 60,
  );
  if (!first) throw invalid('altcha', CAPTCHA_MESSAGES.replayed);
  // Signed with the challenge, so a bot cannot move them back to look slower.
  const issuedAt = epochMs(challenge.parameters.data?.issued_at);
  return { issuedAt, startedAt: epochMs(challenge.parameters.data?.started_at) ?? issuedAt };
}

const epochMs = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
