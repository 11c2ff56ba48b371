import { useOperation } from '../shell/use-operation';

/** A page of the audit trail for these filters; the page shown stays while the next loads. */
export const useAuditList = (query: Record<string, string | number>) =>
  useOperation('listAudit', { query }, { keepPreviousData: true });
