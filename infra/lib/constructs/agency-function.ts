import { Duration, RemovalPolicy, Tags } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { builtBundleDir, LAMBDA_HANDLER } from '@agency/lambdas/functions';
import type { Construct } from 'constructs';
import { lambdaRuntimeOf, NODE_MAJOR } from '../node-version';

/** The Node runtime `.nvmrc` names, the version CI runs too (one Node version, written once). */
export const NODE_RUNTIME: Runtime = lambdaRuntimeOf(NODE_MAJOR);

/** Tag naming the bundle a function runs (`lambdas/dist/<name>`): deploy:check matches synth to the build by it. */
export const FUNCTION_TAG = 'agency:function';

export interface AgencyFunctionProps {
  /** The function's name in `@agency/lambdas/functions`: its code is the built `lambdas/dist/<bundle>/` folder. */
  bundle: string;
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
 * A Lambda function with every project default: arm64, newest Node runtime, the code of its bundle as
 * `npm run build -w lambdas` wrote it (the same files the local stack and bench:api run; synth fails
 * naming a bundle that was not built), its own log group with a retention, and its own role that can
 * only write to that log group until something is granted.
 */
export class AgencyFunction extends lambda.Function {
  /** The log group the function writes to. */
  readonly logs: logs.LogGroup;
  /** The bundle the function runs (a name in `@agency/lambdas/functions`). */
  readonly bundle: string;
  /** The folder uploaded as its code. */
  readonly bundleDir: string;

  constructor(scope: Construct, id: string, props: AgencyFunctionProps) {
    const { logGroup, role } = functionIdentity(scope, id, props);
    const bundleDir = builtBundleDir(props.bundle);
    super(scope, id, {
      ...FUNCTION_DEFAULTS,
      code: lambda.Code.fromAsset(bundleDir),
      handler: LAMBDA_HANDLER,
      description: props.description,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role,
      logGroup,
      // No NODE_OPTIONS=--enable-source-maps: it parses every source map at start (about a fifth
      // of a cold start); the logger maps the stacks of the errors it logs instead.
      environment: { ...props.environment },
    });
    Tags.of(this).add(FUNCTION_TAG, props.bundle);
    this.logs = logGroup;
    this.bundle = props.bundle;
    this.bundleDir = bundleDir;
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
  const role = new InlinePolicyRole(scope, `${id}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: `Runs ${id}: ${props.description}`.slice(0, 1000),
  });
  logGroup.grantWrite(role);
  return { logGroup, role };
}

/**
 * A role whose grants are one inline policy of the role itself (its `Policies`) instead of the
 * separate AWS::IAM::Policy resource CDK adds for them: the same permissions in one resource a
 * function instead of two. A stage holds about 70 functions, and each of its stacks (the site's, the
 * API functions' nested stack `Api.functionsStack`, the operations nested stack) must stay under
 * CloudFormation's 500 resources a stack. Every function's role has at least its log group's grant,
 * so the policy is never empty.
 */
export class InlinePolicyRole extends iam.Role {
  private readonly granted: iam.PolicyDocument;

  constructor(scope: Construct, id: string, props: iam.RoleProps) {
    const granted = new iam.PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { ...props.inlinePolicies, granted } });
    this.granted = granted;
  }

  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.granted.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}

const RETENTIONS = Object.values(logs.RetentionDays).filter(
  (v): v is logs.RetentionDays => typeof v === 'number' && v > 0,
);

/** The shortest CloudWatch retention that keeps logs at least `days`. */
export function retentionOf(days: number): logs.RetentionDays {
  const sorted = [...RETENTIONS].sort((a, b) => a - b);
  return sorted.find((r) => r >= days) ?? logs.RetentionDays.INFINITE;
}
