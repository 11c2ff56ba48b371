import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AdminDisableUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  ADMIN_GROUP,
  buildPath,
  contract,
  EDITOR_GROUP,
  ORIGIN_VERIFY_HEADER,
  type OperationName,
} from '@agency/shared';
import { ENV_NAMES } from '@agency/shared';
import { VIEWER_IP_HEADER } from '@agency/shared/edge';
import { DynamoAccountStore } from '../src/platform/staff/account-store';
import { resetClients } from '../src/platform/aws/clients';
import { resetAuth } from '../src/platform/staff/auth';
import { originSecrets, resetEnv } from '../src/platform/env';
import { apiGatewayEvent, decodeResult } from '../src/local/edge-server/apigw-event';
import { routeApi } from '../src/local/edge-server/api-router';
import { handlerMode, loadHandler, requireBundles } from '../src/local/functions/handler-modules';
import {
  applyLocalEnvironment,
  localEnvironment,
  type LocalEnv,
} from '../src/local/provisioning/environment';
import { provision, standInClients } from '../src/local/provisioning/provision';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../src/local/stand-ins/credentials';
import { startStandIns, type SesEmail, type StandIns } from '../src/local/stand-ins/stand-ins';
import type { RenderFunctionLoader } from '../src/local/stand-ins/lambda-api';
import { renderHandlerLoader } from '../src/local/functions/render';

/** What a test gets back from a call: status, lower-case headers, the body as text, and JSON when it parses. */
export interface TestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The raw bytes (images, CSV with BOM…). */
  bytes: Buffer;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  /** Set-Cookie values of the answer, one per cookie. */
  cookies: string[];
}

export type MultipartInput = FormData | Record<string, string | Blob | undefined>;

export interface InvokeOptions {
  /** Path parameters (`{ extension: 'pdf' }`). */
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  /** Extra headers, e.g. `{ authorization: 'Bearer …' }`. */
  headers?: Record<string, string>;
  /** Shorthand for `headers.authorization = 'Bearer <token>'`. */
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: MultipartInput;
  /** A raw body (sent as is, with the `content-type` of `headers`). */
  body?: string | Buffer;
  /**
   * The viewer's address (rate limits are per IP): what the edge puts in its viewer-IP header, or,
   * with `direct`, the source address API Gateway reports.
   */
  sourceIp?: string;
  /**
   * Call the execute-api address itself rather than through CloudFront: without the origin secret
   * and viewer-IP header the edge adds (default: through the edge, as every real call is).
   */
  direct?: boolean;
}

export interface TestStack {
  /** The settings the handlers run with (also set in `process.env`). */
  env: LocalEnv;
  standIns: StandIns;
  adminEmail: string;
  adminPassword: string;
  userEmail: string;
  userPassword: string;
  /** The editor (in the `editors` group only). */
  editorEmail: string;
  editorPassword: string;
  /** An admin whose account was disabled the way the team API disables one. */
  disabledEmail: string;
  /** An admin who signed out everywhere after `signedOutToken` was issued. */
  signedOutEmail: string;
  /** A Cognito access token of the admin (in the `admins` group), got from Cognito directly. */
  adminToken(): Promise<string>;
  /** A Cognito access token of a signed-up user in no staff group. */
  userToken(): Promise<string>;
  /** A Cognito access token of the editor. */
  editorToken(): Promise<string>;
  /**
   * A token of the disabled admin, issued BEFORE the account was disabled (Cognito itself no longer
   * signs it in): still unexpired and correctly signed, so only the account record refuses it.
   */
  disabledToken(): Promise<string>;
  /** A token of an admin issued before its account record's `validAfter` (signed out everywhere since). */
  signedOutToken(): Promise<string>;
  /** Cognito's own answer to a USER_PASSWORD_AUTH sign-in: tokens, or a challenge and its session. */
  signIn(email: string, password: string): Promise<InitiateAuthCommandOutput>;
  /** Every e-mail the SES stand-in accepted during this stack's life, oldest first. */
  sesMessages(): Promise<SesEmail[]>;
  /** Take the SES stand-in down (sends fail) and bring it back on the same address. */
  stopSes(): Promise<void>;
  startSes(): Promise<void>;
  /** Call an operation's handler module with an API Gateway v2 event built from the options. */
  invoke(name: OperationName, options?: InvokeOptions): Promise<TestResponse>;
  /** Send a request through the same router as the local server (unknown paths, wrong methods). */
  request(
    method: string,
    rawPath: string,
    options?: Omit<InvokeOptions, 'params' | 'query'>,
  ): Promise<TestResponse>;
  /** AWS SDK clients on the stand-ins, for arranging and checking data directly. */
  clients: ReturnType<typeof standInClients>;
  stop(): Promise<void>;
}

const ADMIN = { email: 'admin@example.com', password: 'Admin-Passw0rd!2024' };
const USER = { email: 'user@example.com', password: 'User-Passw0rd!2024' };
const EDITOR = {
  email: 'editor@example.com',
  password: 'Editor-Passw0rd!2024',
  name: 'Erin Editor',
  groups: [EDITOR_GROUP],
};
const DISABLED = {
  email: 'disabled@example.com',
  password: 'Disabled-Passw0rd!2024',
  groups: [ADMIN_GROUP],
};
const SIGNED_OUT = {
  email: 'signed-out@example.com',
  password: 'SignedOut-Passw0rd!2024',
  groups: [ADMIN_GROUP],
};

/** The claims of a JWT's payload (already verified by Cognito, which just issued it). */
function claimsOf(token: string): { sub: string; iat: number } {
  const payload: unknown = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  );
  const sub = typeof payload === 'object' && payload !== null ? Reflect.get(payload, 'sub') : '';
  const iat = typeof payload === 'object' && payload !== null ? Reflect.get(payload, 'iat') : 0;
  if (typeof sub !== 'string' || typeof iat !== 'number') throw new Error('token without sub/iat');
  return { sub, iat };
}

async function encodeBody(
  options: InvokeOptions,
): Promise<{ body?: Buffer; contentType?: string }> {
  if (options.json !== undefined)
    return { body: Buffer.from(JSON.stringify(options.json)), contentType: 'application/json' };
  if (options.form)
    return {
      body: Buffer.from(new URLSearchParams(options.form).toString()),
      contentType: 'application/x-www-form-urlencoded',
    };
  if (options.multipart) {
    let data: FormData;
    if (options.multipart instanceof FormData) data = options.multipart;
    else {
      data = new FormData();
      for (const [k, v] of Object.entries(options.multipart))
        if (v !== undefined) data.append(k, v);
    }
    // Let the platform serialise it, boundary and all, exactly as a browser would send it.
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    return {
      body: Buffer.from(await request.arrayBuffer()),
      contentType: request.headers.get('content-type') ?? undefined,
    };
  }
  if (options.body !== undefined)
    return { body: Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body) };
  return {};
}

/** The viewer address of calls through the edge that name none. */
const EDGE_VIEWER_IP = '127.0.0.1';

async function requestParts(
  options: InvokeOptions,
): Promise<{ headers: Record<string, string>; body?: Buffer }> {
  const { body, contentType } = await encodeBody(options);
  const headers: Record<string, string> = { host: 'localhost', 'user-agent': 'vitest' };
  if (contentType) headers['content-type'] = contentType;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (!options.direct) {
    // What CloudFront adds on its way to the API origin (its edge function and origin header).
    headers[VIEWER_IP_HEADER] = options.sourceIp ?? EDGE_VIEWER_IP;
    headers[ORIGIN_VERIFY_HEADER] = originSecrets()[0] ?? '';
  }
  for (const [k, v] of Object.entries(options.headers ?? {})) headers[k.toLowerCase()] = v;
  return { headers, body };
}

function toResponse(result: {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}): TestResponse {
  const text = result.body.toString('utf8');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: result.status,
    headers: result.headers,
    body: text,
    bytes: result.body,
    json,
    cookies: result.cookies,
  };
}

export interface TestStackOptions {
  /** Run the handlers with REQUIRE_MFA=true (the `prod` stage's `requireMfa`). Default off. */
  requireMfa?: boolean;
  /** The site's page paths a redirect may not hide (SITE_PAGE_PATHS); default none. */
  pagePaths?: readonly string[];
  /**
   * Wraps the render function the Lambda API stand-in runs when the page writers invoke it: the web
   * app's own (`web/src/server/render-handler.ts`, built on first use as `npm start` builds it), so
   * a test can make it fail (a render outage) and still render with the real one otherwise.
   */
  renderFunction?: (web: RenderFunctionLoader) => RenderFunctionLoader;
}

const WEB_ROOT = path.resolve(import.meta.dirname, '..', '..', 'web');

/** The web app's render handler, as the local stack builds and runs it. */
export function webRenderFunction(dataDir: string): RenderFunctionLoader {
  const load = renderHandlerLoader({
    entry: path.join(WEB_ROOT, 'src', 'server', 'render-handler.ts'),
    outDir: path.join(dataDir, 'render'),
    webRoot: WEB_ROOT,
  });
  return async () => {
    const render = await load();
    return render && ((event) => render(event as Parameters<typeof render>[0]));
  };
}

/**
 * Start the four stand-ins on free ports with a fresh temporary data folder, provision tables,
 * bucket, user pool, the `admins` and `editors` groups, an admin, an editor, a user in no group, a
 * disabled admin and a signed-out admin, and point `process.env` (and the cached env, clients and
 * token verifier) at them. Call `stop()` in `afterAll`.
 *
 * Handlers run from source, or with `LOCAL_HANDLERS=bundles` from the built bundles that deploy
 * (each bundle reads `process.env` on its first call, like a cold Lambda; vitest gives every test
 * file its own process, so one stack per file keeps them pointed at the right stand-ins).
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  if (handlerMode() === 'bundles') requireBundles();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agency-test-'));
  let standIns: StandIns | undefined;
  try {
    standIns = await startStandIns({ dataDir, dynamoInMemory: true });
    const running = standIns;
    const web = webRenderFunction(dataDir);
    running.setRenderFunction(options.renderFunction ? options.renderFunction(web) : web);
    const provisioned = await provision({
      dataDir,
      standIns: running,
      admin: ADMIN,
      users: [USER, EDITOR, DISABLED, SIGNED_OUT],
    });
    const { userPoolClientId } = provisioned;
    const env = {
      ...localEnvironment({
        endpoints: running.endpoints,
        provisioned,
        mail: { from: 'no-reply@example.com', to: 'sales@example.com' },
        requireMfa: options.requireMfa ?? false,
        ...(options.pagePaths ? { pagePaths: options.pagePaths } : {}),
      }),
      // The render function renders pages into the web build's shell, as the local stack's does.
      [ENV_NAMES.webDist]: path.join(WEB_ROOT, 'dist'),
    };
    const previous = new Map(Object.keys(env).map((k) => [k, process.env[k]]));
    applyLocalEnvironment(env);
    resetEnv();
    resetClients();
    resetAuth();

    const cognito = new CognitoIdentityProviderClient({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: running.endpoints.cognito,
    });
    const signIn = (email: string, password: string) =>
      cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: userPoolClientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
    const tokenOf = async (user: { email: string; password: string }) => {
      const { AuthenticationResult } = await signIn(user.email, user.password);
      const token = AuthenticationResult?.AccessToken;
      if (!token) throw new Error(`Cognito stand-in gave no access token for ${user.email}`);
      return token;
    };
    const clients = standInClients(running.endpoints);

    // The disabled admin: a token first, then disabled as the team API does it (Cognito and the
    // account record), so the token stays valid for Cognito's signature and only the record refuses it.
    const accounts = new DynamoAccountStore();
    const disabledToken = await tokenOf(DISABLED);
    await cognito.send(
      new AdminDisableUserCommand({ UserPoolId: provisioned.userPoolId, Username: DISABLED.email }),
    );
    await accounts.update(
      { sub: claimsOf(disabledToken).sub, email: DISABLED.email },
      { enabled: false },
    );
    // Signed out everywhere just after this token was issued: tokens of that second are refused.
    const signedOutToken = await tokenOf(SIGNED_OUT);
    const signedOut = claimsOf(signedOutToken);
    await accounts.update(
      { sub: signedOut.sub, email: SIGNED_OUT.email },
      { validAfter: signedOut.iat + 1 },
    );

    return {
      env,
      standIns: running,
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      userEmail: USER.email,
      userPassword: USER.password,
      editorEmail: EDITOR.email,
      editorPassword: EDITOR.password,
      disabledEmail: DISABLED.email,
      signedOutEmail: SIGNED_OUT.email,
      adminToken: () => tokenOf(ADMIN),
      userToken: () => tokenOf(USER),
      editorToken: () => tokenOf(EDITOR),
      disabledToken: () => Promise.resolve(disabledToken),
      signedOutToken: () => Promise.resolve(signedOutToken),
      signIn,
      sesMessages: () => running.sesMessages(),
      stopSes: () => running.sesStop(),
      startSes: () => running.sesStart(),
      clients,
      async invoke(name, options = {}) {
        const op = contract[name];
        const { headers, body } = await requestParts(options);
        const full = buildPath(name, options.params, options.query);
        const [rawPath = full, rawQueryString = ''] = full.split(/\?(.*)/s);
        const event = apiGatewayEvent({
          method: op.method,
          rawPath,
          rawQueryString,
          headers,
          body,
          sourceIp: options.sourceIp,
          pathParameters: options.params,
          routeKey: `${op.method} ${op.path}`,
        });
        const handler = await loadHandler(name);
        return toResponse(
          decodeResult(
            await handler(event, {
              awsRequestId: event.requestContext.requestId,
              functionName: name,
            }),
          ),
        );
      },
      async request(method, target, options = {}) {
        const { headers, body } = await requestParts(options);
        const [rawPath = target, rawQueryString = ''] = target.split(/\?(.*)/s);
        return toResponse(
          await routeApi(
            {
              method,
              rawPath,
              rawQueryString,
              headers,
              body,
              sourceIp: options.sourceIp,
            },
            // Tests of one handler send far more than a route's burst in seconds; the stage's
            // throttling has its own tests (throttle.test.ts) and runs under npm start and e2e.
            undefined,
            null,
          ),
        );
      },
      async stop() {
        cognito.destroy();
        clients.destroy();
        resetClients();
        for (const [k, v] of previous) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
        resetEnv();
        resetAuth();
        await running.stop();
        await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      },
    };
  } catch (error) {
    await standIns?.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    throw error;
  }
}
