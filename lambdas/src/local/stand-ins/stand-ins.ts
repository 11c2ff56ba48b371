import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import path from 'node:path';
import S3rver from 's3rver';
import * as z from 'zod';
import { LOCAL_STACK } from '@agency/shared';
import { LOCAL_CREDENTIALS } from './credentials';
import { handler as staffScopes } from '../../modules/accounts/workers/staff-scopes';
import { SesAccountMessages } from './cognito-mail';
import { parityRouter } from './cognito-parity';
import { ParityState } from './cognito-state';
import { ParityTokenGenerator, signingKeys } from './cognito-tokens';
import { startDynalite } from './dynalite-store';
import { createLambdaApi, type RenderFunctionLoader } from './lambda-api';
import { createS3PostGate } from './s3-post-gate';
import { startKeyValueStore, type KeyValueStoreStandIn } from './key-value-store';
import { createCloudFrontApi, type CloudFrontStandIn } from './cloudfront-api';

/**
 * The local stand-ins of the AWS services the handlers use, started in this process on loopback:
 * dynalite (DynamoDB), s3rver (S3), cognito-local (Cognito user pools), aws-ses-v2-local (SESv2)
 * and our own Lambda API (lambda-api.ts: Invoke of the workers), KeyValueStore data plane and
 * CloudFront invalidations (cloudfront-api.ts). The real AWS SDK v3 clients talk
 * to them over HTTP. S3 is reached through a gate that enforces presigned POST policies as S3 does
 * (s3rver ignores them).
 */
export interface StandInPorts {
  dynamodb: number;
  s3: number;
  cognito: number;
  ses: number;
  lambda: number;
  /** The CloudFront KeyValueStore data plane (redirects). */
  kvs: number;
  /** The CloudFront API's invalidations. */
  cloudfront: number;
}

export interface StandInOptions {
  /** State lives under here: `dynamodb/` (LevelDB), `s3/`, `cognito/`. */
  dataDir: string;
  host?: string;
  /** Fixed ports; any left out are picked free by the system. */
  ports?: Partial<StandInPorts>;
  /** Keep DynamoDB in memory instead of on disk (tests: faster, nothing to keep). */
  dynamoInMemory?: boolean;
  /** Let cognito-local log warnings (wrong passwords, unknown users…). Off by default: they are expected. */
  verbose?: boolean;
  /**
   * Sender of the user pool's e-mails (invitations, password reset codes), the local MAIL_FROM;
   * default `no-reply@example.com`.
   */
  mailFrom?: string;
}

/** The file in the data folder where `npm start` writes its stand-ins' endpoints (for scripts run beside it). */
export const LOCAL_ENDPOINTS_FILE = 'endpoints.json';

/** One e-mail as the SES stand-in stored it. */
export const sesEmail = z.looseObject({
  messageId: z.string(),
  from: z.string(),
  replyTo: z.array(z.string()).default([]),
  destination: z.object({
    to: z.array(z.string()),
    cc: z.array(z.string()).default([]),
    bcc: z.array(z.string()).default([]),
  }),
  subject: z.string(),
  body: z.object({ html: z.string().optional(), text: z.string().optional() }),
  /** Epoch seconds. */
  at: z.number(),
});
export type SesEmail = z.infer<typeof sesEmail>;
const sesStore = z.object({ emails: z.array(sesEmail) });

export interface StandIns {
  host: string;
  ports: StandInPorts;
  /** Base addresses, e.g. `http://127.0.0.1:4567`, to use as AWS_ENDPOINT_URL_<SERVICE>. */
  endpoints: {
    dynamodb: string;
    s3: string;
    cognito: string;
    ses: string;
    lambda: string;
    kvs: string;
    cloudfront: string;
  };
  /** The redirect KeyValueStore: its ARN, and the reads the local edge server's `cf.kvs()` makes. */
  redirectStore: KeyValueStoreStandIn;
  /** CloudFront's invalidations: the local edge server's cache listens to them. */
  cdn: CloudFrontStandIn;
  /** Web page of the SES stand-in listing sent e-mails. */
  sesInboxUrl: string;
  /** Every e-mail the SES stand-in has accepted since this process started, oldest first. */
  sesMessages(): Promise<SesEmail[]>;
  /** Stop the SES stand-in (to test "mail down"); `sesStart()` brings it back on the same port. */
  sesStop(): Promise<void>;
  sesStart(): Promise<void>;
  /**
   * The site address the user pool's e-mails link to (the CDK sets the stage's on the pool); until
   * set, the default local address (LOCAL_STACK.url). Set it once the stack's address is known.
   */
  setSiteUrl(url: string): void;
  /** How the Lambda API stand-in loads the render function (which the page writers invoke). */
  setRenderFunction(load: RenderFunctionLoader): void;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
type SesModule = typeof import('aws-ses-v2-local');

function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('server is not listening on a TCP port');
  return address.port;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(portOf(server));
    });
  });
}

/** Close a server and drop its idle keep-alive sockets, so stopping never waits on a client. */
function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) =>
      error && !('code' in error && error.code === 'ERR_SERVER_NOT_RUNNING')
        ? reject(error)
        : resolve(),
    );
    if ('closeAllConnections' in server && typeof server.closeAllConnections === 'function')
      server.closeAllConnections();
  });
}

/**
 * A one-off request on a fresh connection: the SES stand-in is stopped and started again in tests,
 * and a pooled keep-alive socket to the old listener would fail the next call.
 */
function fresh(method: 'GET' | 'POST', target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(target, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const url = (host: string, port: number) =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

async function startDynamo(
  opts: Required<Pick<StandInOptions, 'dataDir' | 'host'>> & StandInOptions,
): Promise<{ server: Server; port: number }> {
  const dir = path.join(opts.dataDir, 'dynamodb');
  if (!opts.dynamoInMemory) await mkdir(dir, { recursive: true });
  // dynalite with its LevelDB iterators closed after each read (see dynalite-store.ts).
  const server = startDynalite({
    path: opts.dynamoInMemory ? undefined : dir,
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  const port = await listen(server, opts.ports?.dynamodb ?? 0, opts.host);
  return { server, port };
}

async function startS3(
  opts: Required<Pick<StandInOptions, 'dataDir' | 'host'>> & StandInOptions,
): Promise<{ s3: S3rver; gate: Server; port: number }> {
  const directory = path.join(opts.dataDir, 's3');
  await mkdir(directory, { recursive: true });
  // s3rver checks only that the access key is its own ("S3RVER"); SigV4 signatures are not recomputed.
  const s3 = new S3rver({
    address: opts.host,
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
  });
  const address: AddressInfo = await s3.run();
  // Clients (the SDK and the browser's upload form) talk to the gate, which checks POST policies.
  const gate = createS3PostGate({
    target: url(opts.host, address.port),
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    const port = await listen(gate, opts.ports?.s3 ?? 0, opts.host);
    return { s3, gate, port };
  } catch (error) {
    await s3.close();
    throw error;
  }
}

/**
 * cognito-local's own `createDefaultServer` keeps state in `./.cognito` of the working directory and
 * reads its port from the environment at load time. This wires the same services by hand, with the
 * state under `<dataDir>/cognito` and the issuer set to the address we actually listen on.
 */
async function startCognito(
  opts: Required<Pick<StandInOptions, 'dataDir' | 'host'>> & StandInOptions,
  sesEndpoint: string,
  site: { url: string },
): Promise<{ server: Server; port: number }> {
  // aws-sdk v2 (a dependency of cognito-local, used only for Lambda triggers and KMS we do not use) prints an end-of-support note.
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  const cognitoRequire = createRequire(require.resolve('cognito-local'));
  const AWS: typeof import('aws-sdk') = cognitoRequire('aws-sdk');
  const pino: typeof import('pino').default = cognitoRequire('pino');
  const services: typeof import('cognito-local/lib/services') = cognitoRequire('./services');
  const { CognitoServiceFactoryImpl }: typeof import('cognito-local/lib/services/cognitoService') =
    cognitoRequire('./services/cognitoService');
  const { CryptoService }: typeof import('cognito-local/lib/services/crypto') =
    cognitoRequire('./services/crypto');
  const { StormDBDataStoreFactory }: typeof import('cognito-local/lib/services/dataStore/stormDb') =
    cognitoRequire('./services/dataStore/stormDb');
  const errors: typeof import('cognito-local/lib/errors') = cognitoRequire('./errors');
  const { otp }: typeof import('cognito-local/lib/services/otp') = cognitoRequire('./services/otp');
  const { JwtTokenGenerator }: typeof import('cognito-local/lib/services/tokenGenerator') =
    cognitoRequire('./services/tokenGenerator');
  const {
    UserPoolServiceFactoryImpl,
  }: typeof import('cognito-local/lib/services/userPoolService') = cognitoRequire(
    './services/userPoolService',
  );
  const { DefaultConfig }: typeof import('cognito-local/lib/server/config') =
    cognitoRequire('./server/config');
  const { Router }: typeof import('cognito-local/lib/server/Router') =
    cognitoRequire('./server/Router');
  const { createServer }: typeof import('cognito-local/lib/server/server') =
    cognitoRequire('./server/server');

  const dataDirectory = path.join(opts.dataDir, 'cognito');
  const logger = pino({ level: opts.verbose ? 'warn' : 'silent' });
  const ctx = { logger };
  const requestedPort = opts.ports?.cognito ?? 0;
  // The token generator keeps this object: the issuer is filled in once the real port is known.
  const tokenConfig = { IssuerDomain: url(opts.host, requestedPort) };
  const config = {
    ...DefaultConfig,
    TokenConfig: tokenConfig,
    ServerConfig: {
      port: requestedPort,
      hostname: opts.host,
      development: false,
      https: false as const,
    },
  };
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoService = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(
    clock,
    cognitoService,
    new services.LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig),
  );
  // The parity layer (cognito-parity.ts): Cognito's behaviour where cognito-local differs.
  const keys = signingKeys(
    cognitoRequire('./keys/cognitoLocal.private.json'),
    cognitoRequire('./keys/cognitoLocal.public.json'),
  );
  const state = await ParityState.open(path.join(opts.dataDir, 'cognito-parity'));
  const mailFrom = opts.mailFrom ?? 'no-reply@example.com';
  const all = {
    clock,
    cognito: cognitoService,
    config,
    messages: new SesAccountMessages(
      () => ({ endpoint: sesEndpoint, from: mailFrom, siteUrl: site.url }),
      () =>
        new errors.CognitoError('CodeDeliveryFailureException', 'Unable to deliver the message.'),
    ),
    otp,
    tokenGenerator: new ParityTokenGenerator(
      new JwtTokenGenerator(clock, triggers, config.TokenConfig),
      keys,
      state,
      staffScopes,
    ),
    triggers,
  };
  const router = parityRouter(Router(all), { services: all, errors, keys, state });
  const server = await createServer(router, logger, config.ServerConfig, all).start();
  const port = portOf(server);
  tokenConfig.IssuerDomain = url(opts.host, port);
  return { server, port };
}

/** Start all the stand-ins; on a failure, the ones already started are stopped again. */
export async function startStandIns(options: StandInOptions): Promise<StandIns> {
  const host = options.host ?? '127.0.0.1';
  const opts = { ...options, host };
  await mkdir(options.dataDir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    const errors: unknown[] = [];
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        errors.push(error);
      }
    }
    stops.length = 0;
    if (errors.length > 0) throw new AggregateError(errors, 'stopping the local stand-ins failed');
  };
  try {
    const dynamo = await startDynamo(opts);
    stops.push(() => close(dynamo.server));
    const s3 = await startS3(opts);
    stops.push(async () => {
      await close(s3.gate);
      s3.s3.httpServer?.closeAllConnections();
      await s3.s3.close();
    });
    const sesModule: SesModule = require('aws-ses-v2-local');
    let ses: Server | null = await sesModule.default({ host, port: options.ports?.ses ?? 0 });
    const sesPort = portOf(ses);
    // The SES store is module state: start each stack with an empty inbox.
    await fresh('POST', `${url(host, sesPort)}/clear-store`);
    const sesStop = async () => {
      const running = ses;
      ses = null;
      if (running) await close(running);
    };
    const sesStart = async () => {
      ses ??= await sesModule.default({ host, port: sesPort });
    };
    stops.push(sesStop);

    // After SES: the user pool delivers its e-mails to the SES stand-in.
    const site: { url: string } = { url: LOCAL_STACK.url };
    const cognito = await startCognito(opts, url(host, sesPort), site);
    stops.push(() => close(cognito.server));

    const render: { load?: RenderFunctionLoader } = {};
    const lambda = createLambdaApi(render);
    const lambdaPort = await listen(lambda, options.ports?.lambda ?? 0, host);
    stops.push(() => close(lambda));

    // Kept beside the others' state, except where DynamoDB is in memory (tests): nothing to keep.
    const kvs = await startKeyValueStore(options.dynamoInMemory ? undefined : options.dataDir);
    const kvsPort = await listen(kvs.server, options.ports?.kvs ?? 0, host);
    stops.push(async () => {
      await close(kvs.server);
      await kvs.flush();
    });

    const cdn = createCloudFrontApi();
    const cdnPort = await listen(cdn.server, options.ports?.cloudfront ?? 0, host);
    stops.push(() => close(cdn.server));

    const endpoints = {
      dynamodb: url(host, dynamo.port),
      s3: url(host, s3.port),
      cognito: url(host, cognito.port),
      ses: url(host, sesPort),
      lambda: url(host, lambdaPort),
      kvs: url(host, kvsPort),
      cloudfront: url(host, cdnPort),
    };
    return {
      host,
      ports: {
        dynamodb: dynamo.port,
        s3: s3.port,
        cognito: cognito.port,
        ses: sesPort,
        lambda: lambdaPort,
        kvs: kvsPort,
        cloudfront: cdnPort,
      },
      endpoints,
      redirectStore: kvs,
      cdn,
      sesInboxUrl: `${endpoints.ses}/`,
      async sesMessages() {
        const response = await fresh('GET', `${endpoints.ses}/store`);
        if (response.status !== 200)
          throw new Error(`SES stand-in store answered ${response.status}`);
        return sesStore.parse(JSON.parse(response.body)).emails;
      },
      sesStop,
      sesStart,
      setSiteUrl: (siteUrl: string) => {
        site.url = siteUrl;
      },
      setRenderFunction: (load: RenderFunctionLoader) => {
        render.load = load;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}
