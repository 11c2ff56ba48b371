import { buildPath, NOT_FOUND_LOG, type NotFoundEntry } from '@agency/shared';
import { notFound } from '../../../platform/errors';
import { notFoundHits, parseAccessLog } from './access-log';

/**
 * The 404 log: the addresses the edge answered 404, counted from CloudFront's access logs (one log
 * file once); staff see the paths most hit first and redirect or dismiss them. Only the referrer's
 * host is kept, never the visitor.
 */
export interface NotFoundLog {
  /**
   * Count the hits of `path` per referrer host (null: no referrer) that the log file `source`
   * holds, unless that file's hits of that path were counted already (a retried event): then false.
   */
  recordOnce(
    source: string,
    path: string,
    hits: ReadonlyMap<string | null, number>,
    now: Date,
  ): Promise<boolean>;
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
  now?: () => Date;
}

/** What one log file added to the 404 log. */
export interface AccessLogSummary {
  /** Requests in the file. */
  requests: number;
  /** Paths whose 404s were counted now. */
  counted: number;
  /** Paths of the file counted before (the same file delivered or retried again). */
  already: number;
  /** Paths redirected since, not counted. */
  redirected: number;
}

/**
 * Count one access-log file's 404s of site addresses into the log. `source` names the file (its
 * bucket key): each path of a file is counted once, however often the file is processed. A path
 * that is redirected now is not counted (a redirect made since the request).
 */
export async function recordAccessLog(
  deps: NotFoundDeps,
  source: string,
  text: string,
): Promise<AccessLogSummary> {
  const now = deps.now?.() ?? new Date();
  const requests = parseAccessLog(text);
  const summary: AccessLogSummary = {
    requests: requests.length,
    counted: 0,
    already: 0,
    redirected: 0,
  };
  for (const [path, hits] of notFoundHits(requests)) {
    if (await deps.log.isRedirected(path)) summary.redirected++;
    else if (await deps.log.recordOnce(source, path, hits, now)) summary.counted++;
    else summary.already++;
  }
  return summary;
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

/**
 * Take every path out of the log (a bot's scan fills it with addresses nobody will redirect); how
 * many were taken out. Rounds of one page each, until a round finds nothing it can take out: paths
 * hit meanwhile come back as they would after one dismissal.
 */
export async function dismissAllNotFound(deps: Pick<NotFoundDeps, 'log' | 'now'>): Promise<number> {
  let dismissed = 0;
  for (;;) {
    const { items } = await deps.log.page(1, NOT_FOUND_LOG.pageSize, deps.now?.() ?? new Date());
    let round = 0;
    for (const { path } of items) if (await deps.log.dismiss(path)) round++;
    dismissed += round;
    if (round === 0) return dismissed;
  }
}
