import { siteUrl } from '../../platform/env';
import { DynamoHitLog } from './adapters/hit-log';
import { DynamoSaltStore } from './adapters/salt-store';
import { DynamoViewedStore } from './adapters/viewed-store';
import type { Caller, CollectDeps, VisitorDeps } from './domain/collect';
import { viewCounts } from './domain/once-a-day';

// Created once per cold start: the salt store keeps the day's salt for the container's life.
const salts = new DynamoSaltStore();
const hits = new DynamoHitLog();

/** What hashing the day's visitor needs (posts counts a view once per visitor with it). */
export const visitorDeps = (): VisitorDeps => ({ salts, site: siteUrl() });

/** The AWS implementations of the collect use case's ports. */
export const collectDeps = (): CollectDeps => ({ ...visitorDeps(), hits });

const viewed = new DynamoViewedStore();

/** Counting a post's view once per visitor a day (posts' increase-view). */
export const postViewers = (): {
  counts(postId: number, caller: Caller, at: Date): Promise<boolean>;
} => ({
  counts: (postId, caller, at) =>
    viewCounts({ ...visitorDeps(), viewed, now: () => at }, postId, caller),
});
