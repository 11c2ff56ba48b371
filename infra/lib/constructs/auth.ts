import { ADMIN_GROUP, ADMIN_SESSION } from '@agency/shared';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { acknowledge } from '../nag';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

export interface AuthProps {
  protectData: boolean;
}

/** The admin user pool: no self sign-up, e-mail sign-in, `admins` group, optional TOTP, one public app client. */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly adminGroup: string = ADMIN_GROUP;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: props.protectData,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'Decision: TOTP MFA is optional for the few agency admins; login is throttled per e-mail in the login function.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'The Essentials plan covers password login with optional TOTP; the Plus plan adds threat protection at a per-user price.',
    );
    new cognito.UserPoolGroup(this, 'AdminsGroup', {
      userPool: this.userPool,
      groupName: ADMIN_GROUP,
      description: 'Agency staff who manage posts and read leads.',
    });
    this.client = this.userPool.addClient('WebClient', {
      authFlows: { userPassword: true },
      generateSecret: false,
      accessTokenValidity: Duration.seconds(ADMIN_SESSION.accessTokenSeconds),
      idTokenValidity: Duration.seconds(ADMIN_SESSION.accessTokenSeconds),
      // The session cookie's Max-Age is the same number of days (lambdas/src/lib/session-cookie.ts).
      refreshTokenValidity: Duration.days(ADMIN_SESSION.refreshTokenDays),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });
  }

  /** The JWT issuer of this pool, as API Gateway and aws-jwt-verify expect it. */
  get issuer(): string {
    return `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
