import type { RedirectStatus } from '@agency/shared';

/** Each status as the manager offers it: the number people look up, and what it does in words. */
export const REDIRECT_STATUS_LABEL: Readonly<Record<RedirectStatus, string>> = {
  301: '301 Moved permanently',
  302: '302 Moved for now',
  307: '307 Moved for now, same method',
  308: '308 Moved permanently, same method',
};

/** The sentence under the status field: which one to choose. */
export const REDIRECT_STATUS_HINT =
  '301 for an address that is gone for good: search engines move what it earned to the new one. ' +
  '302 for a while (a campaign, a page being rebuilt): search engines keep the old address. ' +
  '307 and 308 are the same, for forms and apps that must send their request again unchanged.';
