import type { AuditOutcome, OperationName } from '@agency/shared';

/**
 * What each audited action is called on the audit page, in the order its filter lists them: the
 * sign-in steps, the account, then every write the admin makes (the contract operation names are
 * what the API records and filters by).
 */
export const AUDIT_ACTION_LABEL = {
  login: 'Sign-in (password)',
  loginMfa: 'Sign-in (code)',
  loginNewPassword: 'First sign-in (new password)',
  forgotPassword: 'Password reset asked',
  resetPassword: 'Password reset',
  changePassword: 'Password changed',
  setupMfa: 'Two-factor setup started',
  verifyMfa: 'Two-factor turned on',
  disableMfa: 'Two-factor turned off',
  signOutEverywhere: 'Signed out everywhere',
  getPost: 'Post opened',
  createPost: 'Post created',
  updatePost: 'Post updated',
  deletePost: 'Post deleted',
  restoreRevision: 'Revision restored',
  createCategory: 'Category created',
  renameCategory: 'Category renamed',
  deleteCategory: 'Category deleted',
  createAuthor: 'Author created',
  renameAuthor: 'Author renamed',
  deleteAuthor: 'Author deleted',
  createUpload: 'Upload started',
  confirmUpload: 'Media uploaded',
  deleteMedia: 'Media deleted',
  setLeadStatus: 'Lead status changed',
  addLeadNote: 'Lead note added',
  eraseLead: 'Lead erased',
  exportLeads: 'Leads exported',
  inviteMember: 'Member invited',
  updateMember: 'Member changed',
  signOutMember: 'Member signed out',
  removeMember: 'Member removed',
} as const satisfies Partial<Record<OperationName, string>>;

/** An action as a person reads it; an action this page does not know yet shows its name. */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABEL, action)
    ? AUDIT_ACTION_LABEL[action as keyof typeof AUDIT_ACTION_LABEL]
    : action;

export const AUDIT_OUTCOME_LABEL: Record<AuditOutcome, string> = {
  success: 'Success',
  failure: 'Failed',
  denied: 'Denied',
  throttled: 'Throttled',
};
