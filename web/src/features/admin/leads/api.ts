import { useOperation } from '../shell/use-operation';

/** A page of the inbox for these filters; the page shown stays while the next loads. */
export const useLeadList = (query: Record<string, string | number>) =>
  useOperation('listLeads', { query }, { keepPreviousData: true });

/** One lead with its history, as the page and its title read it (one request, shared by SWR). */
export const useLead = (id: string) => useOperation('getLead', { query: { id } });
