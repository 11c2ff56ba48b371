import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import {
  NodejsFunction,
  OutputFormat,
  type NodejsFunctionProps,
} from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** The newest `NODEJS_<n>_X` runtime this aws-cdk-lib knows (Node 24 today), so upgrading the library upgrades the functions. */
export const NODE_RUNTIME: Runtime = newestNodeRuntime();

function newestNodeRuntime(): Runtime {
  let best: { major: number; runtime: Runtime } | undefined;
  for (const [key, value] of Object.entries(Runtime)) {
    const match = /^NODEJS_(\d+)_X$/.exec(key);
    if (!match || !(value instanceof Runtime) || value.isVariable) continue;
    const major = Number(match[1]);
    if (!best || major > best.major) best = { major, runtime: value };
  }
  return best?.runtime ?? Runtime.NODEJS_22_X;
}

/**
 * ESM bundles of CommonJS dependencies (busboy, sanitize-html…) call `require` for Node built-ins;
 * ESM has no `require`, so the bundle gets one.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __agencyCreateRequire } from 'module'; const require = __agencyCreateRequire(import.meta.url);";

export interface AgencyFunctionProps {
  /** Absolute path of the TypeScript file exporting `handler`. */
  entry: string;
  description: string;
  /** Days the function's CloudWatch logs are kept. */
  logRetentionDays: number;
  /** Destroy the log group with the stack (dev) or keep it (prod). */
  removalPolicy: RemovalPolicy;
  environment?: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
}

/**
 * A `NodejsFunction` with every project default: arm64, newest Node runtime, minified tree-shaken ESM
 * bundle (AWS SDK included so the deployed code runs the SDK version it was tested with), its own log
 * group with a retention, and its own role that can only write to that log group until something is granted.
 */
export class AgencyFunction extends NodejsFunction {
  /** The log group the function writes to. */
  readonly logs: logs.LogGroup;
  /** The TypeScript file the function is bundled from. */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: AgencyFunctionProps) {
    const { logGroup, role } = functionIdentity(scope, id, props);
    const depsLockFilePath = findLockFile(props.entry);
    const functionProps: NodejsFunctionProps = {
      entry: props.entry,
      depsLockFilePath,
      projectRoot: path.dirname(depsLockFilePath),
      handler: 'handler',
      description: props.description,
      ...FUNCTION_DEFAULTS,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role,
      logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        format: OutputFormat.ESM,
        target: `node${NODE_RUNTIME.name.replace(/\D/g, '')}`,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        bundleAwsSDK: true,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        esbuildArgs: { '--tree-shaking': 'true' },
      },
    };
    super(scope, id, functionProps);
    this.logs = logGroup;
    this.entry = props.entry;
  }
}

/** What every function of the project runs with, whatever bundles its code. */
export const FUNCTION_DEFAULTS = {
  runtime: NODE_RUNTIME,
  architecture: Architecture.ARM_64,
} as const;

/**
 * A function's own log group (with retention) and its own role, which may only write to that log
 * group until something is granted.
 */
export function functionIdentity(
  scope: Construct,
  id: string,
  props: { description: string; logRetentionDays: number; removalPolicy: RemovalPolicy },
): { logGroup: logs.LogGroup; role: iam.Role } {
  const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
    retention: retentionOf(props.logRetentionDays),
    removalPolicy: props.removalPolicy,
  });
  const role = new iam.Role(scope, `${id}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: `Runs ${id}: ${props.description}`.slice(0, 1000),
  });
  logGroup.grantWrite(role);
  return { logGroup, role };
}

const RETENTIONS = Object.values(logs.RetentionDays).filter(
  (v): v is logs.RetentionDays => typeof v === 'number' && v > 0,
);

/** The shortest CloudWatch retention that keeps logs at least `days`. */
export function retentionOf(days: number): logs.RetentionDays {
  const sorted = [...RETENTIONS].sort((a, b) => a - b);
  return sorted.find((r) => r >= days) ?? logs.RetentionDays.INFINITE;
}

/** The workspace's package-lock.json above `entry`: the project root esbuild bundles from. */
function findLockFile(entry: string): string {
  for (let dir = path.dirname(entry); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package-lock.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No package-lock.json above ${entry}`);
  }
}
