/** The AWS permissions of the lead-delivery module's functions (shapes: platform/grants.ts). */
import { TABLE_KEY_PREFIXES, type FunctionGrants } from '../../platform/grants';

/**
 * What lead notifications need: SES as the sender, the webhook, and the site's address for the
 * link to the lead in the admin. Creating a lead, releasing one from spam and the retry job send.
 */
export const leadNotifier: FunctionGrants = { sendMail: true, leadWebhook: true, siteUrl: true };

/** The lead delivery retry job: finds leads with a pending channel, sends them, marks them sent. */
export const RETRY_JOB_GRANTS: FunctionGrants = {
  tables: { leads: { access: ['read', 'write'] } },
  ...leadNotifier,
};

/** The SES events worker: marks a bounced lead e-mail on its lead (UpdateItem of lead items only). */
export const MAIL_EVENTS_GRANTS: FunctionGrants = {
  tables: { leads: { access: ['update'], keyPrefixes: [TABLE_KEY_PREFIXES.leads.lead] } },
};

/** The unanswered-lead reminder job: reads leads by date, marks each reminded, sends the notice. */
export const REMIND_JOB_GRANTS: FunctionGrants = {
  tables: { leads: { access: ['read', 'update'] } },
  ...leadNotifier,
};
