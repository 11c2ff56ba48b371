import { AUDIT, buildPath, type AuditRecord } from '@agency/shared';
import type { AuditFilter, AuditReader } from '../../../platform/staff/ports';

export interface AuditPage {
  results: AuditRecord[];
  next: string | null;
  previous: string | null;
}

/** The filters that are set, as query parameters (links keep them; absent ones stay out of the URL). */
function filterParams(filter: AuditFilter): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter)) if (v) params[k] = v;
  return params;
}

/**
 * Page `page` of the audit trail, newest first, with links to its neighbours under the same
 * filters (the other paged lists' shape). Records past their expiry are never listed.
 */
export async function listAuditPage(
  reader: AuditReader,
  { page, ...filter }: AuditFilter & { page: number },
  now: Date,
  size: number = AUDIT.pageSize,
): Promise<AuditPage> {
  const { items, hasMore } = await reader.page(page, size, filter, now);
  const link = (n: number) => buildPath('listAudit', {}, { ...filterParams(filter), page: n });
  return {
    results: items,
    next: hasMore ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
