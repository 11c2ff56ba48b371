import { buildPath, NOT_FOUND_LOG, referrerHost, type NotFoundEntry } from '@agency/shared';
import { notFound, tooManyRequests } from '../lib/errors';
import { countHit, type HitCounter } from './rate-limit';

/**
 * The 404 log: the not-found page reports its path once per page view; staff see the paths most hit
 * first and redirect or dismiss them. Only the referrer's host is kept, never the visitor.
 */
export interface NotFoundLog {
  /** Count one hit of `path`, from a page on `host` (null: no referrer). */
  record(path: string, host: string | null, now: Date): Promise<void>;
  /** A page of the log, most hit first, paths redirected since left out. */
  page(
    page: number,
    size: number,
    now: Date,
  ): Promise<{ items: NotFoundEntry[]; hasNext: boolean }>;
  isRedirected(path: string): Promise<boolean>;
  /** Take a path out; false when it was not in the log. */
  dismiss(path: string): Promise<boolean>;
}

export interface NotFoundDeps {
  log: NotFoundLog;
  counter: HitCounter;
  now?: () => Date;
}

export const NOT_FOUND_RATE_MESSAGE =
  'Too many reports from your network; they are not counted for a while.';

/**
 * Count a report: past NOT_FOUND_LOG.rateLimit reports per client IP in the window, 429 (a script
 * cannot flood the log); a path that is redirected now is not counted (a page open since).
 */
export async function reportNotFound(
  deps: NotFoundDeps,
  input: { path: string; referrer?: string | undefined },
  ip: string,
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const count = await countHit(
    deps.counter,
    `not-found:${ip}`,
    now.getTime(),
    NOT_FOUND_LOG.rateLimit,
  );
  if (count > NOT_FOUND_LOG.rateLimit.max) throw tooManyRequests(NOT_FOUND_RATE_MESSAGE);
  if (await deps.log.isRedirected(input.path)) return;
  await deps.log.record(input.path, referrerHost(input.referrer), now);
}

/** A page of the log with links to its neighbours. */
export async function listNotFound(
  deps: Pick<NotFoundDeps, 'log' | 'now'>,
  page: number,
): Promise<{ results: NotFoundEntry[]; next: string | null; previous: string | null }> {
  const { items, hasNext } = await deps.log.page(
    page,
    NOT_FOUND_LOG.pageSize,
    deps.now?.() ?? new Date(),
  );
  const link = (n: number) => buildPath('listNotFound', {}, { page: n });
  return {
    results: items,
    next: hasNext ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}

/** Take a path out of the log; 404 when it is not there. */
export async function dismissNotFound(
  deps: Pick<NotFoundDeps, 'log'>,
  path: string,
): Promise<void> {
  if (!(await deps.log.dismiss(path))) throw notFound('The path');
}
