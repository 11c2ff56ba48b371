import type { WarnLog } from '../posts/domain/ports';
import type { TaxonomyDeps } from './domain/taxonomy';
import { CloudFrontCdn } from '../pages/adapters/cdn';
import { DynamoTaxonomyStore } from './adapters/taxonomy-store';

// Created once per cold start; each reads its clients and table names at call time.
const store = new DynamoTaxonomyStore();
const cdn = new CloudFrontCdn();

/** The AWS implementations of the taxonomy domain's ports, logging best-effort steps to `log`. */
export const taxonomyDeps = (log: WarnLog): TaxonomyDeps => ({ store, cdn, log });
