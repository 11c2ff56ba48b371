import {
  ACCOUNT_EMAILS,
  ADMIN_GROUP,
  ADMIN_SESSION,
  AUTH_CHALLENGE_MINUTES,
  EDITOR_GROUP,
  PASSWORD_POLICY,
} from '@agency/shared';
import { triggerFunction } from '@agency/lambdas/functions';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { acknowledge } from '../nag';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { AgencyFunction } from './agency-function';
import type { Mail } from './mail';

export interface AuthProps {
  protectData: boolean;
  logRetentionDays: number;
  /**
   * Every account must enrol TOTP before it can use anything else (stage `requireMfa`). The pool
   * keeps MFA optional either way: the API enforces this (REQUIRE_MFA), so a member without TOTP
   * can still sign in and reach the enrolment.
   */
  requireMfa: boolean;
  /** The stage's SES sender: the pool sends invitations and reset codes as it. */
  mail: Mail;
}

const STAFF_SCOPES = triggerFunction('staff-scopes');

/**
 * The staff user pool: no self sign-up, e-mail sign-in, the `admins` and `editors` groups, the
 * password policy of PASSWORD_POLICY, optional TOTP, e-mails through the stage's SES sender, one
 * public app client, and the trigger that puts each staff group's scope in access tokens.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly adminGroup: string = ADMIN_GROUP;
  readonly requireMfa: boolean;
  /** The pre token generation trigger (V2): adds `agency/<group>` for each staff group to access tokens. */
  readonly staffScopes: AgencyFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    this.requireMfa = props.requireMfa;
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(PASSWORD_POLICY.tempPasswordDays),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      // Invitations and reset codes come from the agency's own sender, verified by the Mail
      // construct in this stack's region; Cognito sends through its service-linked role.
      email: cognito.UserPoolEmail.withSES({
        fromEmail: props.mail.from,
        sesRegion: Stack.of(this).region,
        // Cognito sends as the domain identity when the sender has one (its ARN, not the address's).
        ...(props.mail.identityDomain ? { sesVerifiedDomain: props.mail.identityDomain.name } : {}),
      }),
      // The bodies link to the site, whose address is known once it exists (setSiteUrl).
      userInvitation: { emailSubject: ACCOUNT_EMAILS.invitation.subject },
      // Cognito sends the password reset code with the verification message.
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: ACCOUNT_EMAILS.passwordReset.subject,
      },
      deletionProtection: props.protectData,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // The pool's sender must exist (and be verified) before the pool may send as it.
    this.userPool.node.addDependency(props.mail.identity);
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'Decision: MFA stays optional in the pool so a member without TOTP can sign in and enrol; with the stage setting requireMfa (on in prod) the API answers nothing but the enrolment until TOTP is on (REQUIRE_MFA, lambdas/src/platform/staff/auth.ts). Sign-in is throttled per e-mail, wrong codes included.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'The Essentials plan covers password login with optional TOTP and the V2 pre token generation trigger; the Plus plan adds threat protection at a per-user price.',
    );
    new cognito.UserPoolGroup(this, 'AdminsGroup', {
      userPool: this.userPool,
      groupName: ADMIN_GROUP,
      description:
        'Agency staff who may use everything: posts, leads, the team and the audit trail.',
    });
    new cognito.UserPoolGroup(this, 'EditorsGroup', {
      userPool: this.userPool,
      groupName: EDITOR_GROUP,
      description:
        'Writers: posts, categories, authors, media, preview and revisions; not leads, the team or the audit trail.',
    });

    this.staffScopes = new AgencyFunction(this, 'StaffScopesFunction', {
      bundle: STAFF_SCOPES.name,
      description:
        'Adds the scope of each staff group (agency/admins, agency/editors) to access tokens, which the API routes require.',
      logRetentionDays: props.logRetentionDays,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      // Cognito waits at most 5 s for a trigger, on every sign-in and token refresh.
      timeout: Duration.seconds(5),
      environment: { LOG_LEVEL: 'info' },
    });
    // V2: the version whose event can change the access token (Essentials plan and above).
    this.userPool.addTrigger(
      cognito.UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG,
      this.staffScopes,
      cognito.LambdaVersion.V2_0,
    );

    this.client = this.userPool.addClient('WebClient', {
      // The login function signs in with USER_PASSWORD_AUTH and renews with REFRESH_TOKEN_AUTH
      // (lambdas/src/modules/accounts/adapters/identity.ts): no hosted UI, so no OAuth flows,
      // scopes or callback URLs (CDK's defaults would allow the implicit and code grants to
      // https://example.com).
      authFlows: { userPassword: true },
      disableOAuth: true,
      generateSecret: false,
      accessTokenValidity: Duration.seconds(ADMIN_SESSION.accessTokenSeconds),
      idTokenValidity: Duration.seconds(ADMIN_SESSION.accessTokenSeconds),
      // The session cookie's Max-Age is the same number of days (lambdas/src/platform/session-cookie.ts).
      refreshTokenValidity: Duration.days(ADMIN_SESSION.refreshTokenDays),
      // How long the code step and the new-password step of a sign-in stay open.
      authSessionValidity: Duration.minutes(AUTH_CHALLENGE_MINUTES),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });
  }

  /**
   * The site address (`https://…`) the pool's invitation and reset e-mails link to: links in an
   * e-mail are absolute. Set once the site exists, which is built after the pool (it fronts the API
   * the pool guards).
   */
  setSiteUrl(siteUrl: string): void {
    const pool = this.userPool.node.defaultChild as cognito.CfnUserPool;
    pool.addPropertyOverride(
      'AdminCreateUserConfig.InviteMessageTemplate.EmailMessage',
      ACCOUNT_EMAILS.invitation.body(siteUrl),
    );
    pool.addPropertyOverride(
      'VerificationMessageTemplate.EmailMessage',
      ACCOUNT_EMAILS.passwordReset.body(siteUrl),
    );
  }

  /** The JWT issuer of this pool, as API Gateway and aws-jwt-verify expect it. */
  get issuer(): string {
    return `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
