import * as z from 'zod';
import { AUDIT, ROLES, TOTP } from '../constants';
import { auditOutcome, auditRecord, pageOf, teamMember } from '../entities';
import { defineOperations, pageNumber } from './operation';
import { signInStep } from './sign-in-step';

const email = z.string().trim().min(1, 'is required').max(254, 'is too long');
/** A new password: its rules are checked by the handler (passwordProblems) so the error names them. */
const newPassword = z.string().min(1, 'is required').max(256, 'is too long');
const code = z
  .string()
  .trim()
  .regex(new RegExp(`^[0-9]{${TOTP.digits}}$`), `must be the ${TOTP.digits} digits your app shows`);
const session = z.string().min(1, 'is required').max(4096, 'is too long');
const message = z.object({ data: z.object({ message: z.string() }) });
const mfaState = z.object({ data: z.object({ mfa: z.boolean() }) });
const memberEmail = z.object({ email });
/** A person's name as the team sees it: one line, inner runs of space made one. */
const displayName = z
  .string()
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, 'is required')
      .max(100, 'is too long')
      .regex(/^[^\p{Cc}]*$/u, 'must be one line of text'),
  );

/**
 * The steps of signing in after the password, passwords, two-factor sign-in (TOTP), the team and
 * the audit trail. Who may call which staff operation: access.ts.
 */
export const accountOperations = defineOperations({
  loginMfa: signInStep(
    '/api/user/login/mfa',
    'Second sign-in step: the authenticator code for the session `login` answered with SOFTWARE_TOKEN_MFA.',
    z.object({ session, code }),
    'Sign-in (code)',
  ),
  loginNewPassword: signInStep(
    '/api/user/login/new-password',
    "An invited member's first sign-in: the new password for the session `login` answered with NEW_PASSWORD_REQUIRED.",
    z.object({ session, password: newPassword }),
    'First sign-in (new password)',
  ),
  forgotPassword: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/password/forgot',
    auth: 'public',
    audit: { label: 'Password reset asked', by: 'handler' },
    throttle: 'sign-in',
    summary:
      'E-mail a password reset code. Always 202, whether or not the account exists (no enumeration); throttled.',
    request: { encodings: ['json'], body: z.object({ email }) },
    status: 202,
    kind: 'json',
    response: message,
    errors: [400, 429],
  },
  resetPassword: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/password/reset',
    auth: 'public',
    audit: { label: 'Password reset', by: 'handler' },
    throttle: 'sign-in',
    summary: 'Set a new password with the e-mailed reset code.',
    request: {
      encodings: ['json'],
      body: z.object({
        email,
        code: z.string().trim().min(1, 'is required').max(16, 'is too long'),
        password: newPassword,
      }),
    },
    status: 200,
    kind: 'json',
    response: message,
    errors: [400, 429],
  },
  changePassword: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/password',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Password changed' },
    throttle: 'staff',
    summary: "Change the signed-in member's password (the current one required).",
    request: {
      encodings: ['json'],
      body: z.object({
        current_password: z.string().min(1, 'is required').max(256, 'is too long'),
        new_password: newPassword,
      }),
    },
    status: 200,
    kind: 'json',
    response: message,
    errors: [400, 401, 403, 429],
  },
  setupMfa: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/mfa/setup',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Two-factor setup started' },
    throttle: 'staff',
    summary:
      'Start enrolling an authenticator app: a new TOTP secret and its otpauth:// URI (not on until verified).',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.object({ secret: z.string(), otpauth_uri: z.string() }) }),
    errors: [401, 403, 429],
  },
  verifyMfa: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/mfa/verify',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Two-factor turned on' },
    throttle: 'staff',
    summary: 'Turn two-factor sign-in on with a code from the app just enrolled.',
    request: { encodings: ['json'], body: z.object({ code }) },
    status: 200,
    kind: 'json',
    response: mfaState,
    errors: [400, 401, 403, 409, 429],
  },
  disableMfa: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/mfa/disable',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Two-factor turned off' },
    throttle: 'staff',
    summary:
      'Turn two-factor sign-in off: needs the password and a current code (409 when the stage requires it).',
    request: {
      encodings: ['json'],
      body: z.object({ password: z.string().min(1, 'is required').max(256, 'is too long'), code }),
    },
    status: 200,
    kind: 'json',
    response: mfaState,
    errors: [400, 401, 403, 409, 429],
  },
  signOutEverywhere: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/session/logout-all',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Signed out everywhere' },
    throttle: 'staff',
    summary:
      "Sign the member out on every device: revoke all their refresh tokens, refuse their access tokens, clear this browser's cookie.",
    request: { encodings: [] },
    status: 204,
    kind: 'json',
    errors: [401, 403],
  },
  setDisplayName: {
    module: 'accounts',
    method: 'PUT',
    path: '/api/user/account/name',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Display name changed' },
    throttle: 'staff',
    summary:
      "Set the signed-in member's own display name (the user pool's `name`): what the team page, the audit trail and revisions show for them.",
    request: { encodings: ['json', 'form'], body: z.object({ name: displayName }) },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.object({ name: z.string() }) }),
    errors: [400, 401, 403],
  },
  listTeam: {
    module: 'accounts',
    method: 'GET',
    path: '/api/user/users',
    auth: 'admin',
    access: 'admins',
    throttle: 'staff',
    summary: 'Every team member with their role, state and whether they use TOTP.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.array(teamMember) }),
    errors: [401, 403],
  },
  inviteMember: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/users',
    auth: 'admin',
    access: 'admins',
    audit: { label: 'Member invited', target: { noun: 'member', key: 'email' } },
    throttle: 'staff',
    summary:
      'Invite a member: the user pool e-mails a temporary password; the first sign-in sets their own (409 when the e-mail is a member).',
    request: {
      encodings: ['json'],
      body: z.object({
        email: email.pipe(z.email('must be an e-mail address')),
        name: z.string().trim().min(1, 'is required').max(100, 'is too long'),
        role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }),
      }),
    },
    status: 201,
    kind: 'json',
    response: z.object({ data: teamMember }),
    errors: [400, 401, 403, 409],
  },
  updateMember: {
    module: 'accounts',
    method: 'PUT',
    path: '/api/user/users',
    auth: 'admin',
    access: 'admins',
    audit: { label: 'Member changed', target: { noun: 'member', key: 'email' } },
    throttle: 'staff',
    summary:
      "Change a member's role or enable/disable them (disabling signs them out everywhere); the last enabled admin cannot be demoted or disabled (409).",
    request: {
      encodings: ['json'],
      body: z.object({
        email,
        role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).optional(),
        enabled: z.boolean({ error: 'must be true or false' }).optional(),
      }),
    },
    status: 200,
    kind: 'json',
    response: z.object({ data: teamMember }),
    errors: [400, 401, 403, 404, 409],
  },
  signOutMember: {
    module: 'accounts',
    method: 'POST',
    path: '/api/user/users/sign-out',
    auth: 'admin',
    access: 'admins',
    audit: { label: 'Member signed out', target: { noun: 'member', key: 'email' } },
    throttle: 'staff',
    summary:
      'Sign a member out everywhere: revoke their refresh tokens and refuse the access tokens they hold.',
    request: { encodings: ['json'], body: memberEmail },
    status: 200,
    kind: 'json',
    response: z.object({ data: teamMember }),
    errors: [400, 401, 403, 404],
  },
  removeMember: {
    module: 'accounts',
    method: 'DELETE',
    path: '/api/user/users',
    auth: 'admin',
    access: 'admins',
    audit: { label: 'Member removed', target: { noun: 'member', key: 'email' } },
    throttle: 'staff',
    summary: 'Remove a member from the user pool (409 for the last enabled admin).',
    request: { encodings: ['json'], body: memberEmail },
    status: 200,
    kind: 'json',
    response: message,
    errors: [400, 401, 403, 404, 409],
  },
  listAudit: {
    module: 'audit',
    method: 'GET',
    path: '/api/user/audit',
    auth: 'admin',
    access: 'admins',
    throttle: 'staff',
    summary: `The audit trail, newest first, ${AUDIT.pageSize} a page; filter by actor (e-mail or id) and action.`,
    request: {
      encodings: [],
      query: z.object({
        page: pageNumber,
        actor: z.string().trim().max(254, 'is too long').optional(),
        action: z.string().trim().max(64, 'is too long').optional(),
        outcome: auditOutcome.optional(),
      }),
    },
    status: 200,
    kind: 'json',
    response: pageOf(auditRecord),
    errors: [400, 401, 403],
  },
});
