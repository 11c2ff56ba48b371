import { logLevel, type LogLevel as Level } from './env';
import { sourceStack } from './source-stack';

/** One structured JSON logger: request id and route on every line; never tokens, passwords or whole events. */
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/**
 * The level comes from env.ts, which validates it (a wrong LOG_LEVEL fails naming the variable)
 * and keeps it for the container's life: one map lookup per line.
 */
const threshold = (): number => ORDER[logLevel()];

function errorFields(value: unknown): unknown {
  return value instanceof Error
    ? {
        name: value.name,
        message: value.message,
        stack: value.stack === undefined ? undefined : sourceStack(value.stack),
      }
    : value;
}

export function createLogger(base: Record<string, unknown> = {}): Logger {
  const write = (level: Level, msg: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[level] < threshold()) return;
    const entry: Record<string, unknown> = { level, time: new Date().toISOString(), msg, ...base };
    for (const [k, v] of Object.entries(fields)) entry[k] = errorFields(v);
    const line = JSON.stringify(entry);
    if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}

export const logger = createLogger({ service: 'agency-api' });

/**
 * Print one record as a JSON line whatever LOG_LEVEL says: the embedded metric format documents of
 * platform/metrics.ts, which CloudWatch Logs turns into metrics and which must not vanish with the logs.
 */
export function writeRecord(record: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(record)}\n`);
}
