import { useEffect, useMemo, useRef, useState } from 'react';
import { isSitePath } from '@agency/shared';
import { useAdminApi } from '../shell/use-admin-api';
import { pathKey, type FieldPath } from './field-form';

/** The fields that hold a link: buttons' and lists' `href`, the breadcrumb's `path`. */
const LINK_KEYS = new Set(['href', 'path']);
/** How long after the last edit the links are checked again. */
const CHECK_MS = 700;

/** Every site link in a form's value, with where it sits (`blocks.2.action.href`). */
export function siteLinksOf(
  value: unknown,
  at: FieldPath = [],
): { path: FieldPath; link: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => siteLinksOf(v, [...at, i]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'string'
      ? LINK_KEYS.has(k) && isSitePath(v.trim())
        ? [{ path: [...at, k], link: v.trim() }]
        : []
      : siteLinksOf(v, [...at, k]),
  );
}

/**
 * Warnings at the fields whose site link leads nowhere (no page, post or redirect there, a draft
 * page, a section the page lacks), as the server finds them a moment after the last edit. A
 * warning only: saving and publishing stay allowed. A failed check warns of nothing.
 */
export function useLinkWarnings(value: unknown): ReadonlyMap<string, string> {
  const api = useAdminApi();
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const found = siteLinksOf(value);
  const signature = JSON.stringify(found);
  const latest = useRef(found);
  latest.current = found;

  useEffect(() => {
    const links = [...new Set(latest.current.map((l) => l.link))];
    if (links.length === 0) return;
    let live = true;
    const timer = setTimeout(() => {
      api('checkPageLinks', { body: { links: links.slice(0, 300) } })
        .then(({ data }) => {
          if (live) setProblems(new Map(data.map((b) => [b.link, b.problem])));
        })
        .catch(() => undefined);
    }, CHECK_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, signature]);

  return useMemo(() => {
    const warnings = new Map<string, string>();
    for (const { path, link } of latest.current) {
      const problem = problems.get(link);
      if (problem) warnings.set(pathKey(path), `This link leads nowhere: ${problem}.`);
    }
    return warnings;
    // The links are those of `signature`; `latest` holds them without a new array each render.
  }, [signature, problems]);
}
