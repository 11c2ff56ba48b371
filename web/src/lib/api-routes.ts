import { fillPath, type OperationName } from '@agency/shared';
import { env } from './env';

/** Method and path template of an API operation. */
export interface ApiRoute {
  method: string;
  path: string;
}

declare const __API_ROUTES__: Record<OperationName, ApiRoute>;

/**
 * Every operation's method and path, copied from the contract when the app is built (`appDefines`
 * in vite.config.ts): code of a page's first load can address the API without the contract's
 * schemas. Calls whose answer matters go through `callApi`, which checks each answer against them.
 */
export const apiRoutes: Record<OperationName, ApiRoute> = __API_ROUTES__;

/** The address of an operation, as `callApi` builds it. */
export const apiUrl = (
  name: OperationName,
  params?: Record<string, string>,
  query?: Record<string, string | number>,
): string => `${env.VITE_API_BASE}${fillPath(apiRoutes[name].path, params, query)}`;
