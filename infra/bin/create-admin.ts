#!/usr/bin/env node
/**
 * Create the first (or another) admin of a deployed stage:
 *   npm run admin:create -- --stage prod --email you@agency.example
 *   echo 'a-Strong-password-1' | npm run admin:create -- --stage prod --email you@agency.example --password-stdin
 *   npm run admin:create -- --user-pool-id eu-west-1_AbC123 --email you@agency.example
 * Without --password-stdin a strong password is generated and printed once.
 * Uses the AWS credentials and region of the environment (AWS_PROFILE, AWS_REGION…).
 */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  createAdmin,
  CreateAdminError,
  generatePassword,
  parseArgs,
  passwordSchema,
  validateOptions,
} from '../lib/admin/create-admin';
import { ADMIN_GROUP } from '@agency/shared';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<void> {
  const { options, passwordStdin } = parseArgs(process.argv.slice(2));
  const valid = validateOptions(options);
  const given = passwordStdin ? await readStdin() : undefined;
  if (given !== undefined) {
    const check = passwordSchema.safeParse(given);
    if (!check.success)
      throw new CreateAdminError(
        `The password ${check.error.issues.map((i) => i.message).join(', ')}`,
      );
  }
  const password = given ?? generatePassword();
  const result = await createAdmin(
    {
      cognito: new CognitoIdentityProviderClient({}),
      cloudformation: new CloudFormationClient({}),
    },
    { ...valid, password },
  );
  console.log(
    `${result.created ? 'Created' : 'Updated'} admin ${valid.email} in user pool ${result.userPoolId} (group ${ADMIN_GROUP}).`,
  );
  if (given === undefined)
    console.log(`Password (shown once, store it in a password manager): ${password}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof CreateAdminError ? error.message : error);
  process.exit(1);
});
