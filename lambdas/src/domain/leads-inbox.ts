import { buildPath, LEAD_PAGE_SIZE, type Lead, type LeadListQuery } from '@agency/shared';
import { invalid } from '../lib/errors';
import { exportFileName, leadsToCsv } from './csv';
import type { LeadFilter, LeadRepository } from './lead-ports';

export interface LeadListPage {
  results: Lead[];
  next: string | null;
  previous: string | null;
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

/** Page `page` of the admin inbox, newest first, with links to its neighbours under the same filters. */
export async function listLeadsPage(
  leads: LeadRepository,
  { page, ...filter }: LeadListQuery,
  size: number = LEAD_PAGE_SIZE,
): Promise<LeadListPage> {
  checkRange(filter);
  const { items, hasMore } = await leads.page(page, size, filter);
  const link = (n: number) => buildPath('listLeads', {}, { ...filterParams(filter), page: n });
  return {
    results: items,
    next: hasMore ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}

/**
 * Leads as CSV, newest first, and the file name to save it under: with no filter every lead there
 * is (spam included, as the export always was), else the leads the inbox shows for those filters.
 */
export async function exportLeadsCsv(
  leads: LeadRepository,
  filter: LeadFilter = {},
  now: Date = new Date(),
): Promise<{ csv: string; fileName: string }> {
  checkRange(filter);
  const filtered = Object.keys(filterParams(filter)).length > 0;
  const all: Lead[] = [];
  for await (const lead of leads.all(filtered ? filter : undefined)) all.push(lead);
  return { csv: leadsToCsv(all), fileName: exportFileName(now) };
}
