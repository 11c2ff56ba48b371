import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from './env';
import { createLogger } from './logger';

/** The lines a logger call writes to stdout and stderr, parsed. */
function written(run: () => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('logger level (LOG_LEVEL through env.ts)', () => {
  const before = process.env.LOG_LEVEL;
  beforeEach(() => resetEnv());
  afterEach(() => {
    if (before === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = before;
    resetEnv();
  });

  const all = () =>
    written(() => {
      const log = createLogger({ service: 'test' });
      log.debug('d');
      log.info('i');
      log.warn('w');
      log.error('e');
    }).map((line) => line.msg);

  it('drops the lines below the configured level', () => {
    process.env.LOG_LEVEL = 'warn';
    expect(all()).toEqual(['w', 'e']);
    process.env.LOG_LEVEL = 'debug';
    resetEnv();
    expect(all()).toEqual(['d', 'i', 'w', 'e']);
  });

  it('logs from info up when LOG_LEVEL is unset (env.ts default)', () => {
    delete process.env.LOG_LEVEL;
    expect(all()).toEqual(['i', 'w', 'e']);
  });

  it('refuses a level env.ts refuses, naming the variable, instead of guessing one', () => {
    process.env.LOG_LEVEL = 'loud';
    expect(() => createLogger().info('x')).toThrow(/LOG_LEVEL/);
  });
});
