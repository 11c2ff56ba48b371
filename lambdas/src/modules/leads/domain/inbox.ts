import {
  buildPath,
  LEAD_PAGE_SIZE,
  LEAD_STATUSES,
  type Lead,
  type LeadListQuery,
  type LeadStatus,
} from '@agency/shared';
import { invalid } from '../../../platform/errors';
import { exportFileName, leadsToCsv } from './csv';
import type { DashboardStats } from '../../dashboard/domain/dashboard';
import type { LeadFilter, LeadRepository } from './ports';

export interface LeadListPage {
  results: Lead[];
  next: string | null;
  previous: string | null;
  /** Every lead there is now per status (the aggregates, not the page): spam is never out of sight. */
  counts: Record<LeadStatus, number>;
}

/** The filters that are set, as query parameters (links keep them; absent ones stay out of the URL). */
export function filterParams(filter: LeadFilter): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter)) if (v !== undefined) params[k] = v;
  return params;
}

function checkRange(filter: LeadFilter): void {
  if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from)
    throw invalid('to', `must not be before from (${filter.from})`);
}

/**
 * Page `page` of the admin inbox, newest first, with links to its neighbours under the same filters,
 * and how many leads each status holds (read from the status counters, one small partition), so the
 * default view, which leaves spam out, still says how many sit in Spam.
 */
export async function listLeadsPage(
  leads: LeadRepository,
  stats: Pick<DashboardStats, 'statuses'>,
  { page, ...filter }: LeadListQuery,
  size: number = LEAD_PAGE_SIZE,
): Promise<LeadListPage> {
  checkRange(filter);
  const [{ items, hasMore }, statuses] = await Promise.all([
    leads.page(page, size, filter),
    stats.statuses(),
  ]);
  const link = (n: number) => buildPath('listLeads', {}, { ...filterParams(filter), page: n });
  const counts = Object.fromEntries(
    LEAD_STATUSES.map((s) => [s, Math.max(0, statuses.get(s) ?? 0)]),
  ) as Record<LeadStatus, number>;
  return {
    results: items,
    next: hasMore ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    counts,
  };
}

/**
 * Leads as CSV, newest first, and the file name to save it under: exactly the leads the inbox shows
 * for the same filters, so without any every lead but spam (the inbox's "All but spam"), and spam
 * only when the status filter asks for it.
 */
export async function exportLeadsCsv(
  leads: LeadRepository,
  filter: LeadFilter = {},
  now: Date = new Date(),
): Promise<{ csv: string; fileName: string }> {
  checkRange(filter);
  const all: Lead[] = [];
  for await (const lead of leads.all(filter)) all.push(lead);
  return { csv: leadsToCsv(all), fileName: exportFileName(now) };
}
