import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createAdmin,
  CreateAdminError,
  generatePassword,
  parseArgs,
  passwordSchema,
  validateOptions,
} from '../lib/admin/create-admin';

const cognito = mockClient(CognitoIdentityProviderClient);
const cloudformation = mockClient(CloudFormationClient);
const clients = () => ({
  cognito: new CognitoIdentityProviderClient({ region: 'eu-west-1' }),
  cloudformation: new CloudFormationClient({ region: 'eu-west-1' }),
});
const PASSWORD = 'Correct-Horse-9-Battery';

beforeEach(() => {
  cognito.reset();
  cloudformation.reset();
});

describe('create-admin', () => {
  it('reads the user pool from the stage stack outputs, creates a verified user with a permanent password, adds it to admins', async () => {
    cloudformation.on(DescribeStacksCommand, { StackName: 'AgencySite-prod' }).resolves({
      Stacks: [
        {
          StackName: 'AgencySite-prod',
          CreationTime: new Date(),
          StackStatus: 'CREATE_COMPLETE',
          Outputs: [{ OutputKey: 'UserPoolId', OutputValue: 'eu-west-1_Pool123' }],
        },
      ],
    });
    const result = await createAdmin(clients(), {
      stage: 'prod',
      email: 'ana@agency.example',
      password: PASSWORD,
    });
    expect(result).toEqual({ userPoolId: 'eu-west-1_Pool123', created: true });
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]?.args[0].input).toMatchObject({
      UserPoolId: 'eu-west-1_Pool123',
      Username: 'ana@agency.example',
      MessageAction: 'SUPPRESS',
      UserAttributes: expect.arrayContaining([{ Name: 'email_verified', Value: 'true' }]),
    });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]?.args[0].input).toEqual({
      UserPoolId: 'eu-west-1_Pool123',
      Username: 'ana@agency.example',
      Password: PASSWORD,
      Permanent: true,
    });
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0]?.args[0].input).toMatchObject({
      GroupName: 'admins',
      Username: 'ana@agency.example',
    });
  });

  it('uses --user-pool-id without asking CloudFormation, and updates a user that already exists', async () => {
    cognito
      .on(AdminCreateUserCommand)
      .rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }));
    const result = await createAdmin(clients(), {
      userPoolId: 'eu-west-1_Other9',
      email: 'ana@agency.example',
      password: PASSWORD,
    });
    expect(result).toEqual({ userPoolId: 'eu-west-1_Other9', created: false });
    expect(cloudformation.calls()).toHaveLength(0);
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(1);
  });

  it('says which stack lacks the output when the stage is not deployed', async () => {
    cloudformation.on(DescribeStacksCommand).resolves({
      Stacks: [
        {
          StackName: 'AgencySite-dev',
          CreationTime: new Date(),
          StackStatus: 'CREATE_COMPLETE',
          Outputs: [],
        },
      ],
    });
    await expect(
      createAdmin(clients(), { stage: 'dev', email: 'a@b.co', password: PASSWORD }),
    ).rejects.toThrow(/AgencySite-dev has no UserPoolId output/);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('parses arguments and rejects bad ones with a message naming them', () => {
    expect(parseArgs(['--stage', 'prod', '--email=a@b.co', '--password-stdin'])).toEqual({
      options: { stage: 'prod', email: 'a@b.co' },
      passwordStdin: true,
    });
    expect(parseArgs(['--user-pool-id', 'eu-west-1_X1', '--email', 'a@b.co']).options).toEqual({
      userPoolId: 'eu-west-1_X1',
      email: 'a@b.co',
    });
    expect(() => parseArgs(['--nope'])).toThrow(CreateAdminError);
    expect(() => parseArgs(['--email'])).toThrow(/needs a value/);
    expect(() => validateOptions({ email: 'a@b.co' })).toThrow(
      /--stage dev\|prod .* or --user-pool-id/,
    );
    expect(() => validateOptions({ stage: 'staging', email: 'a@b.co' })).toThrow(/stage/);
    expect(() => validateOptions({ stage: 'prod', email: 'nope' })).toThrow(/e-mail/);
  });

  it('generates passwords that meet the pool policy, and rejects weak given ones', () => {
    for (let i = 0; i < 50; i++)
      expect(passwordSchema.safeParse(generatePassword()).success).toBe(true);
    expect(passwordSchema.safeParse('short1!A').success).toBe(false);
    expect(passwordSchema.safeParse('alllowercase-123').success).toBe(false);
    // The rules as the API names them (shared passwordProblems), every broken one at once.
    expect(passwordSchema.safeParse('alllowercase').error?.issues[0]?.message).toBe(
      'needs an uppercase letter, a digit, a symbol such as ! @ # $ % & *',
    );
  });
});
