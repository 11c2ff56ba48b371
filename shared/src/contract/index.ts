import { accountOperations } from './account';
import { analyticsOperations } from './analytics';
import { authOperations } from './auth';
import { leadOperations } from './leads';
import { mediaOperations } from './media';
import { pageOperations } from './pages';
import { postOperations } from './posts';
import { presenceOperations } from './presence';
import { redirectOperations } from './redirects';
import { systemOperations } from './system';
import { taxonomyOperations } from './taxonomy';
import type { Operation } from './operation';
import { fillPath } from './path';

export { fillPath };

/** The API path contract: operation name → method, path, auth, request and response schemas. */
export const contract = {
  ...authOperations,
  ...accountOperations,
  ...postOperations,
  ...taxonomyOperations,
  ...leadOperations,
  ...mediaOperations,
  ...redirectOperations,
  ...pageOperations,
  ...presenceOperations,
  ...systemOperations,
  ...analyticsOperations,
} as const;

export type Contract = typeof contract;
export type OperationName = keyof Contract;
export const operationNames = Object.keys(contract) as OperationName[];

/** Operations anyone may call, without a staff token (`auth` public or session). */
export type OpenOperation = {
  [N in OperationName]: (typeof contract)[N]['auth'] extends 'admin' ? never : N;
}[OperationName];

export const openOperationNames = operationNames.filter(
  (name): name is OpenOperation => contract[name].auth !== 'admin',
);

/** `createPost` → `create-post`: the handler's file name. */
export const kebabCase = (name: string): string =>
  name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Handler module of an operation, relative to `lambdas/src/`. */
export const handlerModule = (name: OperationName): string =>
  `modules/${contract[name].module}/handlers/${kebabCase(name)}`;

/** Fill `{param}` placeholders of an operation's path. */
export function buildPath(
  name: OperationName,
  params: Record<string, string> = {},
  query?: Record<string, string | number>,
): string {
  return fillPath(contract[name].path, params, query);
}

/** Match a concrete path against the contract; returns the operation and its path parameters. */
export function matchOperation(
  method: string,
  path: string,
): { name: OperationName; params: Record<string, string> } | { name: null; allowed: string[] } {
  const allowed: string[] = [];
  for (const name of operationNames) {
    const op: Operation = contract[name];
    const params = matchPath(op.path, path);
    if (!params) continue;
    if (op.method === method.toUpperCase()) return { name, params };
    allowed.push(op.method);
  }
  return { name: null, allowed };
}

function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  const m = new RegExp(`^${pattern}/?$`).exec(path);
  if (!m) return null;
  const params: Record<string, string> = {};
  names.forEach((n, i) => {
    try {
      params[n] = decodeURIComponent(m[i + 1] ?? '');
    } catch {
      params[n] = m[i + 1] ?? '';
    }
  });
  return params;
}

export type {
  Operation,
  Method,
  Auth,
  Encoding,
  ResponseKind,
  Access,
  AuditFacts,
  AuditKey,
  ThrottleClass,
  ApiModule,
} from './operation';
export { API_LIMITS, type ApiLimits, type RouteLimit } from './limits';
export { API_MODULES, errorBody, ERROR_CODES, type ErrorBody, type ErrorCode } from './operation';
