import { isHttpsAddress } from '@agency/shared';
import type * as z from 'zod';
import { logger } from '../../../platform/logger';

/**
 * Reading content saved before the link rules (shared/src/links.ts): a page or the site settings
 * may hold a link the schemas now refuse (`http://…`, `//host/x`, `data:…`). Such a record must
 * still open in the admin (where the next save writes it correctly) and render, never answer 500.
 * A link the rules refuse is read as the nearest safe address: an `http:` address as `https:`, a
 * path that leads off the site as the home page; anything else still refused is an error as before.
 */

const REFUSED_LINK = /^must be (a site path|an https:\/\/ address)/;

/** The safe address a refused stored link is read as. */
export function safeStoredLink(value: string): string {
  const https = value.replace(/^http:\/\//i, 'https://');
  if (https !== value && isHttpsAddress(https)) return https;
  return '/';
}

function setAt(target: unknown, path: readonly PropertyKey[], value: string): boolean {
  let at: unknown = target;
  for (const key of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null) return false;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  const last = path.at(-1);
  if (typeof at !== 'object' || at === null || last === undefined) return false;
  (at as Record<PropertyKey, unknown>)[last] = value;
  return true;
}

function getAt(target: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = target;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** Parse a stored item with `schema`, reading links saved before the link rules as safe ones. */
export function parseStored<S extends z.ZodType>(
  schema: S,
  item: Record<string, unknown>,
  what: string,
): z.output<S> {
  const first = schema.safeParse(item);
  if (first.success) return first.data;
  const links = first.error.issues.filter((i) => REFUSED_LINK.test(i.message));
  if (links.length === 0 || links.length !== first.error.issues.length) throw first.error;
  const copy = structuredClone(item);
  for (const issue of links) {
    const value = getAt(copy, issue.path);
    if (typeof value !== 'string' || !setAt(copy, issue.path, safeStoredLink(value)))
      throw first.error;
  }
  logger.warn('a stored link the link rules refuse is read as a safe address until saved again', {
    what,
    fields: links.map((i) => i.path.join('.')),
  });
  return schema.parse(copy);
}
