import type { NotFoundDeps } from './domain/not-found-log';
import { DynamoNotFoundLog } from '../redirects/adapters/redirect-store';

/**
 * The 404 log's composition root, apart from the redirects' (redirect-deps.ts): the log worker and
 * the log's two calls read the content table alone, so they load no KeyValueStore client, no SigV4A
 * signer and no page or post store at a cold start.
 */
export const notFoundDeps = (): NotFoundDeps => ({ log: new DynamoNotFoundLog() });
