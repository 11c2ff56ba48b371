/**
 * Measures how long altcha-lib's solver takes for the captcha's cost settings in this Node, one core:
 * `npx tsx src/modules/captcha/domain/captcha-cost.ts [cost] [maxCounter] [runs]` (from lambdas/). The widget solves the
 * same work in the browser spread over its Web Workers.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CAPTCHA_DEFAULTS, createCaptchaChallenge } from './captcha';

async function main(): Promise<void> {
  const [cost = CAPTCHA_DEFAULTS.cost, maxCounter = CAPTCHA_DEFAULTS.maxCounter, runs = 5] =
    process.argv.slice(2).map(Number);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const challenge = await createCaptchaChallenge({
      hmacKey: 'measure-'.repeat(4),
      cost,
      maxCounter,
      ttlSeconds: 600,
    });
    const started = performance.now();
    const solution = await solveChallenge({ challenge, deriveKey });
    const ms = performance.now() - started;
    if (!solution) throw new Error('not solved');
    times.push(ms);
    process.stdout.write(
      `run ${i + 1}: counter ${solution.counter}, ${ms.toFixed(0)} ms (${((ms * 1000) / (solution.counter + 1)).toFixed(0)} µs per attempt)\n`,
    );
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  process.stdout.write(
    `cost ${cost}, counters ${Math.floor(maxCounter / 3)}–${maxCounter}: mean ${mean.toFixed(0)} ms over ${runs} runs\n`,
  );
}

void main();
