/** The AWS permissions of the accounts module's functions (shapes: platform/grants.ts). */
import {
  KEY_PREFIXES,
  TEAM_KEY_PREFIXES,
  type TableGrant,
  type OperationGrants,
} from '../../platform/grants';

/**
 * Changing account records field by field: password and TOTP changes and signing out everywhere
 * move `validAfter` and `mfa`; nothing creates or deletes a record but by UpdateItem.
 */
export const accountUpdate: TableGrant = {
  access: ['update'],
  keyPrefixes: [TEAM_KEY_PREFIXES.member],
};

/**
 * The end of every sign-in: the account record is read (a disabled one is refused there) and
 * learns the e-mail, name and TOTP state Cognito reports.
 */
export const accountSignIn: TableGrant = {
  access: ['get', 'update'],
  keyPrefixes: [TEAM_KEY_PREFIXES.member],
};

/**
 * The failed sign-ins per e-mail (`LOGIN#`): checked, counted, cleared on success; and the
 * counters per client IP (`RATE#sign-in-ip:…`, `RATE#audit-ip:…`): checked and counted.
 */
export const loginThrottle: TableGrant = {
  access: ['read', 'write', 'delete'],
  keyPrefixes: [KEY_PREFIXES.login, KEY_PREFIXES.rate],
};

/** A failed step's typed identifier is recorded in full only when it is an account's e-mail. */
export const accountLookup = ['cognito-idp:AdminGetUser'] as const;

/** A password guess outside sign-in (changing the password, turning TOTP off): checked and counted. */
export const loginThrottleCount: TableGrant = {
  access: ['read', 'write'],
  keyPrefixes: [KEY_PREFIXES.login],
};

/**
 * The team lease (`TEAM`/`LOCK`): taken with a conditional PutItem, released with DeleteItem, so
 * two admins' changes run one after the other and cannot both remove the last other admin.
 */
export const teamLease: TableGrant = {
  access: ['put', 'delete'],
  keyPrefixes: [TEAM_KEY_PREFIXES.lease],
};

/** Finding a member: the pool's users and the members of each staff group. */
export const teamListing = ['cognito-idp:ListUsers', 'cognito-idp:ListUsersInGroup'];

/**
 * What each of the module's operations may do in AWS. An operation missing here gets no permission
 * at all, so a new operation is deployed locked down until it is listed.
 */
export const OPERATION_GRANTS: OperationGrants<'accounts'> = {
  // Every sign-in step ends in the account record; a disabled account's new refresh token is revoked.
  // The steps that count failed sign-ins (LOGIN#…) key them by a hash under a key derived from the
  // captcha key, so they read it too (lambdas/src/modules/accounts/adapters/login-throttle.ts).
  login: {
    captchaKey: true,
    cognitoLogin: true,
    cognitoRevoke: true,
    cognitoUser: ['GetUser'],
    cognitoAdmin: [...accountLookup],
    tables: { content: loginThrottle, team: accountSignIn },
  },
  // The code step: a wrong code counts toward the same throttle as a wrong password.
  loginMfa: {
    captchaKey: true,
    cognitoRevoke: true,
    cognitoUser: ['RespondToAuthChallenge', 'GetUser'],
    cognitoAdmin: [...accountLookup],
    tables: { content: loginThrottle, team: accountSignIn },
  },
  loginNewPassword: {
    captchaKey: true,
    cognitoRevoke: true,
    cognitoUser: ['RespondToAuthChallenge', 'GetUser'],
    cognitoAdmin: [...accountLookup],
    tables: { content: loginThrottle, team: accountSignIn },
  },
  // Limited per e-mail and per client IP (RATE#reset-…, RATE#audit-ip:…); Cognito e-mails the
  // code through SES.
  forgotPassword: {
    cognitoUser: ['ForgotPassword'],
    cognitoAdmin: [...accountLookup],
    tables: { content: { access: ['write'], keyPrefixes: [KEY_PREFIXES.rate] } },
  },
  // A reset ends every session from before it: the account is found by e-mail (the caller has no
  // token), its record refuses older tokens and its refresh tokens are revoked; the e-mail's
  // failed sign-ins are forgotten.
  // Wrong codes are limited per account (RATE#reset-code:…, checked and counted).
  resetPassword: {
    captchaKey: true,
    cognitoUser: ['ConfirmForgotPassword'],
    cognitoAdmin: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut'],
    tables: {
      content: {
        access: ['get', 'update', 'delete'],
        keyPrefixes: [KEY_PREFIXES.login, KEY_PREFIXES.rate],
      },
      team: accountUpdate,
    },
  },
  // The session cookie's refresh token renews the access token.
  refreshSession: { cognitoLogin: true },
  // Signing out refuses the session's access tokens from now on (its origin_jti, beside the
  // account record: learnt by renewing once), then revokes its refresh token.
  logoutSession: {
    cognitoLogin: true,
    cognitoRevoke: true,
    tables: { team: { access: ['put'], keyPrefixes: [TEAM_KEY_PREFIXES.member] } },
  },
  // The signed-in person's own account, with their own access token.
  getUserData: { cognitoUser: ['GetUser'] },
  changePassword: {
    captchaKey: true,
    cognitoUser: ['GetUser', 'ChangePassword'],
    tables: { content: loginThrottleCount },
  },
  setupMfa: { cognitoUser: ['GetUser', 'AssociateSoftwareToken'] },
  verifyMfa: {
    cognitoUser: ['GetUser', 'VerifySoftwareToken', 'SetUserMFAPreference'],
    tables: { team: accountUpdate },
  },
  // Proving the password and a current code takes a fresh sign-in, whose refresh token is revoked.
  disableMfa: {
    captchaKey: true,
    cognitoLogin: true,
    cognitoRevoke: true,
    cognitoUser: ['GetUser', 'RespondToAuthChallenge', 'SetUserMFAPreference'],
    tables: { content: loginThrottleCount, team: accountUpdate },
  },
  signOutEverywhere: { cognitoUser: ['GetUser', 'GlobalSignOut'], tables: { team: accountUpdate } },
  // The name is the pool's `name` attribute, set with the person's own token; the record keeps a copy.
  setDisplayName: {
    cognitoUser: ['GetUser', 'UpdateUserAttributes'],
    tables: { team: accountUpdate },
  },
  // The team, through the user pool's admin API; TOTP state and the rest from the account records.
  listTeam: {
    cognitoAdmin: teamListing,
    tables: { team: { access: ['get'], keyPrefixes: [TEAM_KEY_PREFIXES.member] } },
  },
  // The pool e-mails the temporary password; a user who could not join the group is deleted again.
  inviteMember: {
    cognitoAdmin: [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminDeleteUser',
    ],
  },
  // A role change or disabling ends the member's sessions (validAfter, refresh tokens revoked).
  updateMember: {
    cognitoAdmin: [
      ...teamListing,
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
    ],
    tables: { team: [accountSignIn, teamLease] },
  },
  signOutMember: {
    cognitoAdmin: [...teamListing, 'cognito-idp:AdminUserGlobalSignOut'],
    tables: { team: accountSignIn },
  },
  // The record stays, disabled, so a token the removed member still holds is refused.
  removeMember: {
    cognitoAdmin: [...teamListing, 'cognito-idp:AdminDeleteUser'],
    tables: { team: [accountUpdate, teamLease] },
  },
};
