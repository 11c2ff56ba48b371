/**
 * What the benchmarks drive below the HTTP layer (`@agency/lambdas/bench`, read by bench/): the
 * handlers as the local stack loads them, the stores and the dashboard query they time and seed, and
 * the settings they reset between runs. Deploying never imports this.
 */
export { dynamoClient, resetClients } from '../platform/aws/clients';
export { leadRepository } from '../modules/leads/adapters/lead-repository';
export { DynamoPostStore } from '../modules/posts/adapters/post-store';
export {
  DynamoStatsStore,
  viewsAttribute,
  viewsKey,
} from '../modules/dashboard/adapters/stats-store';
export { getDashboard } from '../modules/dashboard/domain/dashboard';
export { originSecrets, resetEnv, tableName } from '../platform/env';
export { apiGatewayEvent, decodeResult } from './edge-server/apigw-event';
export { loadHandler } from './functions/handler-modules';
export { localEnvironment } from './provisioning/environment';
export { provision } from './provisioning/provision';
export { rowExpiry, rowPk } from '../modules/analytics/adapters/rollup-store';
export { dayPk, filterName } from '../modules/analytics/domain/rollup';
