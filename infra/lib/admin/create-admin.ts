import { randomInt } from 'node:crypto';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { ADMIN_GROUP } from '@agency/shared';
import { passwordProblems } from '@agency/shared/password';
import { STAGES, stackNameOf } from '../config';
import { OUTPUTS } from '../names';

export class CreateAdminError extends Error {
  override readonly name = 'CreateAdminError';
}

/**
 * The user pool's password policy (PASSWORD_POLICY, which the Auth construct sets), checked here by
 * the same rules the API applies, so a bad password fails before any call, naming every rule.
 */
export const passwordSchema = z.string().superRefine((password, ctx) => {
  const problems = passwordProblems(password);
  if (problems.length) ctx.addIssue({ code: 'custom', message: `needs ${problems.join(', ')}` });
});

export const optionsSchema = z
  .object({
    stage: z.enum(STAGES).optional(),
    email: z.email('--email must be an e-mail address'),
    userPoolId: z
      .string()
      .regex(/^[\w-]+_[0-9a-zA-Z]+$/, '--user-pool-id looks like eu-west-1_AbC123')
      .optional(),
    password: passwordSchema.optional(),
  })
  .refine((o) => o.stage || o.userPoolId, {
    message: 'give --stage dev|prod (to read the stack outputs) or --user-pool-id',
  });
export type CreateAdminOptions = z.infer<typeof optionsSchema>;

/** `--stage prod --email a@b.c [--user-pool-id id] [--password-stdin]` → options (password read separately). */
export function parseArgs(argv: readonly string[]): {
  options: Record<string, string>;
  passwordStdin: boolean;
} {
  const options: Record<string, string> = {};
  let passwordStdin = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--password-stdin') {
      passwordStdin = true;
      continue;
    }
    const match = /^--(stage|email|user-pool-id)(?:=(.*))?$/.exec(arg);
    if (!match?.[1])
      throw new CreateAdminError(
        `Unknown argument ${arg}. Usage: --stage dev|prod --email you@agency.example [--user-pool-id id] [--password-stdin]`,
      );
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new CreateAdminError(`${arg} needs a value`);
    options[match[1] === 'user-pool-id' ? 'userPoolId' : match[1]] = value;
  }
  return { options, passwordStdin };
}

/** A random password that satisfies the pool policy. */
export function generatePassword(length = 20): string {
  const sets = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#%+-=?@^_'];
  const all = sets.join('');
  const chars = sets.map((set) => set.charAt(randomInt(set.length)));
  while (chars.length < length) chars.push(all.charAt(randomInt(all.length)));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

export interface AdminClients {
  cognito: Pick<CognitoIdentityProviderClient, 'send'>;
  cloudformation: Pick<CloudFormationClient, 'send'>;
}

/** The user pool id from the stage's stack outputs. */
export async function userPoolIdOf(
  clients: AdminClients,
  stage: (typeof STAGES)[number],
): Promise<string> {
  const stackName = stackNameOf(stage);
  const out = await clients.cloudformation.send(
    new DescribeStacksCommand({ StackName: stackName }),
  );
  const value = out.Stacks?.[0]?.Outputs?.find(
    (o) => o.OutputKey === OUTPUTS.userPoolId,
  )?.OutputValue;
  if (!value)
    throw new CreateAdminError(
      `Stack ${stackName} has no ${OUTPUTS.userPoolId} output: is it deployed in this account and region?`,
    );
  return value;
}

const nameOf = (e: unknown): string => (e instanceof Error ? e.name : '');

/**
 * Create (or update) an admin: a confirmed user with a verified e-mail and a permanent password,
 * in the `admins` group (which the stack creates, beside `editors`). This is how the first admin
 * comes to be; everyone after is invited from Admin → Team, where Cognito e-mails a temporary
 * password and the first sign-in sets a new one.
 */
export async function createAdmin(
  clients: AdminClients,
  options: CreateAdminOptions & { password: string },
): Promise<{ userPoolId: string; created: boolean }> {
  const userPoolId =
    options.userPoolId ?? (options.stage ? await userPoolIdOf(clients, options.stage) : undefined);
  if (!userPoolId) throw new CreateAdminError('No user pool: give --stage or --user-pool-id');
  let created = true;
  try {
    await clients.cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: options.email,
        UserAttributes: [
          { Name: 'email', Value: options.email },
          { Name: 'email_verified', Value: 'true' },
        ],
        MessageAction: 'SUPPRESS',
      }),
    );
  } catch (e) {
    if (nameOf(e) !== 'UsernameExistsException') throw e;
    created = false;
  }
  await clients.cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: options.email,
      Password: options.password,
      Permanent: true,
    }),
  );
  await clients.cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: options.email,
      GroupName: ADMIN_GROUP,
    }),
  );
  return { userPoolId, created };
}

/** Parse the options, naming every bad one. */
export function validateOptions(raw: Record<string, string | undefined>): CreateAdminOptions {
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success)
    throw new CreateAdminError(
      parsed.error.issues
        .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
        .join('; '),
    );
  return parsed.data;
}
