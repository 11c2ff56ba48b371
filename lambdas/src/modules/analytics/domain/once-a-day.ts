import { visitorOf, type Caller, type VisitorDeps } from './collect';

/** Which visitors have had a post's view counted today. */
export interface ViewedStore {
  /** True for the first claim of (day, post, visitor); false for every later one, however close. */
  claim(day: string, postId: number, hash: string, at: Date): Promise<boolean>;
}

export interface OnceADayDeps extends VisitorDeps {
  viewed: ViewedStore;
}

/**
 * Whether this call's view of a post counts: once per visitor (the day's hash) and post a UTC day;
 * never for a bot or a browser asking not to be tracked (DNT/GPC), by the rules collect uses.
 */
export async function viewCounts(
  deps: OnceADayDeps,
  postId: number,
  caller: Caller,
): Promise<boolean> {
  const who = await visitorOf(deps, caller);
  if (who.kind !== 'visitor') return false;
  return deps.viewed.claim(who.day, postId, who.hash, who.at);
}
