/**
 * Site paths that code outside the web app writes into what it sends (e-mails, webhook messages):
 * the web's page registry (web/src/config/pages.ts) routes them, and its test holds the two
 * together. Constants and settings live in constants.ts; paths live here.
 */

/** The admin page of one lead (the web route `/admin/leads/:id`), linked from notifications. */
export const adminLeadPath = (id: string): string => `/admin/leads/${encodeURIComponent(id)}`;
