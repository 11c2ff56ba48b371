import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ANALYTICS } from '@agency/shared';
import { batchGet } from '../../../platform/aws/batch-get';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { eachLimit, WRITE_CONCURRENCY } from './rollup-store';
import type { VisitState, VisitorState } from '../domain/rollup';

const V = TABLES.visitors;
const P = KEY_PREFIXES.visitors;
const RAW_TTL_S = ANALYTICS.rawTtlHours * 3600;

const visitKey = (hash: string) => ({
  [V.partitionKey]: `${P.visit}${hash}`,
  [V.sortKey]: 'VISIT',
});
const dayKey = (day: string, hash: string) => ({
  [V.partitionKey]: `${P.visitor}${day}#${hash}`,
  [V.sortKey]: 'VISITOR',
});
const isVisit = (v: unknown): v is VisitState =>
  typeof v === 'object' && v !== null && 'entry' in v && 'startedAt' in v && 'lastMinute' in v;

/**
 * Each visitor's visit (`VISIT#<hash>`) and day (`VISITOR#<day>#<hash>`) in the visitors table,
 * gone within ANALYTICS.rawTtlHours (expired ones read as absent: the stand-in has no TTL). The
 * visit item carries `lm`, the minute it was written for; the day item is written first, so a
 * visit marked with a minute means the whole state of that minute is in.
 */
export class DynamoVisitState {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** The states of `hashes` before a minute of `day` (absent visitors: none yet). */
  async read(
    day: string,
    hashes: readonly string[],
    nowMs: number,
  ): Promise<Map<string, VisitorState>> {
    const keys = hashes.flatMap((h) => [visitKey(h), dayKey(day, h)]);
    const items = await batchGet(this.table, keys);
    const live = items.filter((i) => typeof i.expiresAt !== 'number' || i.expiresAt * 1000 > nowMs);
    const states = new Map<string, VisitorState>();
    const stateOf = (h: string): VisitorState => {
      const s = states.get(h) ?? { visit: null, seen: {}, minute: null };
      states.set(h, s);
      return s;
    };
    for (const item of live) {
      const pk = String(item[V.partitionKey]);
      if (pk.startsWith(P.visit)) {
        const s = stateOf(pk.slice(P.visit.length));
        s.visit = isVisit(item.visit) ? item.visit : null;
        s.minute = typeof item.lm === 'number' ? item.lm : null;
      } else {
        const s = stateOf(pk.slice(P.visitor.length + day.length + 1));
        const seen: unknown = item.seen;
        s.seen = { [day]: Array.isArray(seen) ? seen.filter((t) => typeof t === 'string') : [] };
      }
    }
    return states;
  }

  /** Writes the states a minute left (each visitor's day, then its visit marked with the minute). */
  async write(
    day: string,
    minute: number,
    states: ReadonlyMap<string, VisitorState>,
    nowMs: number,
  ): Promise<void> {
    const expiresAt = Math.floor(nowMs / 1000) + RAW_TTL_S;
    await eachLimit(states, WRITE_CONCURRENCY, async ([hash, s]) => {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...dayKey(day, hash), seen: s.seen[day] ?? [], [V.expiresAt]: expiresAt },
        }),
      );
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...visitKey(hash), visit: s.visit, lm: minute, [V.expiresAt]: expiresAt },
        }),
      );
    });
  }
}
