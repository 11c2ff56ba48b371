import { buildPath, LEAD_PAGE_SIZE, type Lead } from '@agency/shared';
import { exportFileName, leadsToCsv } from './csv';
import type { LeadRepository } from './leads';

export interface LeadListPage {
  results: Lead[];
  next: string | null;
  previous: string | null;
}

/** Page `page` of the admin inbox, newest first, with links to its neighbours. */
export async function listLeadsPage(
  leads: LeadRepository,
  page: number,
  size: number = LEAD_PAGE_SIZE,
): Promise<LeadListPage> {
  const { items, hasMore } = await leads.page(page, size);
  return {
    results: items,
    next: hasMore ? buildPath('listLeads', {}, { page: page + 1 }) : null,
    previous: page > 1 ? buildPath('listLeads', {}, { page: page - 1 }) : null,
  };
}

/** Every lead as CSV, newest first, and the file name to save it under. */
export async function exportLeadsCsv(
  leads: LeadRepository,
  now: Date = new Date(),
): Promise<{ csv: string; fileName: string }> {
  const all: Lead[] = [];
  for await (const lead of leads.all()) all.push(lead);
  return { csv: leadsToCsv(all), fileName: exportFileName(now) };
}
