import { fillPath, type OpenOperation } from '@agency/shared';
import { env } from './env';

/** Method and path template of an API operation. */
export interface ApiRoute {
  method: string;
  path: string;
}

declare const __API_ROUTES__: Record<OpenOperation, ApiRoute>;

/**
 * The method and path of every operation anyone may call (no staff token), copied from the
 * contract when the app is built (`appDefines` in vite.config.ts): code of a page's first load can
 * address the API without the contract's schemas. Staff operations are left out, as every page's
 * first load would carry them; calls whose answer matters, and every staff call, go through
 * `callApi`, which checks each answer against the contract.
 */
export const apiRoutes: Record<OpenOperation, ApiRoute> = __API_ROUTES__;

/** The address of an operation, as `callApi` builds it. */
export const apiUrl = (
  name: OpenOperation,
  params?: Record<string, string>,
  query?: Record<string, string | number>,
): string => `${env.VITE_API_BASE}${fillPath(apiRoutes[name].path, params, query)}`;
