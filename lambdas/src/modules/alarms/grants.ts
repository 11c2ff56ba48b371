/** The AWS permissions of the alarms module's functions (shapes: platform/grants.ts). */
import { type FunctionGrants } from '../../platform/grants';

/** The alarm topic's copy to the lead webhook's channel: reads the webhook's SSM parameters, nothing else. */
export const ALARM_WEBHOOK_GRANTS: FunctionGrants = { leadWebhook: true };
