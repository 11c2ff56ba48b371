import {
  channelOf,
  countryOf,
  dayKey,
  deviceOf,
  visitSourceOf,
  type CollectBody,
} from '@agency/shared';
import { classify, type Headers } from './bots';
import type { HitLog, RawHit, SaltStore } from './ports';
import { visitorHash } from './visitor';

/** Who sent a hit, as the request shows it: read to classify and hash, never stored. */
export interface Caller {
  ip: string;
  /** Request headers, names lower-case. */
  headers: Headers;
}

/** What collecting and counting once per visitor need. */
export interface VisitorDeps {
  salts: SaltStore;
  /** The site's own address, the hash's last part (a hash is of one site only). */
  site: string;
  now?: () => Date;
}

export interface CollectDeps extends VisitorDeps {
  hits: HitLog;
}

/**
 * The visitor of a call: null when it is not to be counted as one (DNT/GPC: `private`; a bot), else
 * the day's hash of its address and user agent, with the day and instant it was taken at.
 */
export async function visitorOf(
  deps: VisitorDeps,
  caller: Caller,
  automated?: boolean,
): Promise<
  { kind: 'private' | 'bot'; at: Date } | { kind: 'visitor'; at: Date; day: string; hash: string }
> {
  const at = (deps.now ?? (() => new Date()))();
  const kind = classify(caller.headers, automated);
  if (kind !== 'visitor') return { kind, at };
  // A visitor's hash and salt live one UTC day.
  const day = dayKey(at);
  const salt = await deps.salts.saltOf(day, at);
  const hash = visitorHash(salt, caller.ip, caller.headers['user-agent'] ?? '', deps.site);
  return { kind, at, day, hash };
}

/**
 * Count one beacon hit: nothing at all under DNT/GPC, a `bot` hit (no visitor) for a bot, else a
 * view or its end with the visit's channel, source, campaign, country and device. The address and
 * user agent go into the hash only.
 */
export async function collect(deps: CollectDeps, body: CollectBody, caller: Caller): Promise<void> {
  const who = await visitorOf(deps, caller, body.automated);
  if (who.kind === 'private') return;
  const hit: RawHit = {
    kind: who.kind === 'bot' ? 'bot' : body.kind,
    at: who.at.getTime(),
    visitor: who.kind === 'visitor' ? who.hash : '',
    path: body.path,
    channel: channelOf(body),
    source: visitSourceOf(body),
    campaign: body.utm_campaign?.trim().toLowerCase() ?? '',
    country: countryOf(caller.headers['cloudfront-viewer-country']),
    device: deviceOf(caller.headers['user-agent']),
    ...(who.kind === 'visitor' && body.kind === 'end' && body.duration_ms !== undefined
      ? { duration_ms: body.duration_ms }
      : {}),
  };
  await deps.hits.append(hit);
}
