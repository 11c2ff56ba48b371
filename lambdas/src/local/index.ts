/**
 * The local stack as other packages' tests use it (`@agency/lambdas/local-stack`): the AWS stand-ins,
 * their credentials and the edge server. Deploying never imports this.
 */
export { createLocalServer, type LocalServerOptions } from './edge-server/server';
export { startStandIns, type StandIns } from './stand-ins/stand-ins';
export { LOCAL_CREDENTIALS, LOCAL_REGION } from './stand-ins/credentials';
