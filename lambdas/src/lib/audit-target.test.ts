import { describe, expect, it } from 'vitest';
import { operationNames } from '@agency/shared';
import { auditOutcomeOf, isAudited } from './audit';
import { auditTarget } from './audit-target';

describe('auditTarget', () => {
  it('names what a write acted on, from the request or, for a create, from the reply', () => {
    expect(auditTarget('updatePost', { id: 12, title: 'x' })).toBe('post 12');
    expect(auditTarget('createPost', { title: 'x' }, { data: { id: 40 } })).toBe('post 40');
    expect(auditTarget('deleteCategory', { id: '3' })).toBe('category 3');
    expect(auditTarget('createUpload', {}, { data: { id: 'abc-1' } })).toBe('media abc-1');
    expect(auditTarget('eraseLead', { id: '01J' })).toBe('lead 01J');
    expect(auditTarget('updateMember', { email: 'a@b.co', role: 'editor' })).toBe('member a@b.co');
  });

  it('says the kind when the id is unknown (a refused create), nothing for own-account calls', () => {
    expect(auditTarget('createPost', { title: 'x' })).toBe('post');
    expect(auditTarget('changePassword', { current_password: 'secret' })).toBe('');
    expect(auditTarget('signOutEverywhere', {})).toBe('');
  });

  it('describes an export by its filters, and keeps a caller’s value to one short line', () => {
    expect(auditTarget('exportLeads', {})).toBe('leads');
    expect(auditTarget('exportLeads', { status: 'won', from: '2030-01-01' })).toBe(
      'leads from=2030-01-01 status=won',
    );
    const target = auditTarget('deleteMedia', { id: `a\nb${'x'.repeat(500)}` });
    expect(target).not.toContain('\n');
    expect(target.length).toBeLessThanOrEqual(200);
  });
});

describe('isAudited and auditOutcomeOf', () => {
  it('records staff writes and the export, not reads, public calls or sign-ins', () => {
    const audited = operationNames.filter(isAudited);
    expect(audited).toContain('createPost');
    expect(audited).toContain('exportLeads');
    expect(audited).toContain('removeMember');
    for (const n of ['listLeads', 'getPost', 'listAudit', 'login', 'createLead'] as const)
      expect(audited).not.toContain(n);
  });

  it('maps statuses to outcomes', () => {
    expect([200, 201, 204, 400, 401, 403, 404, 409, 429, 500].map(auditOutcomeOf)).toEqual([
      'success',
      'success',
      'success',
      'failure',
      'failure',
      'denied',
      'failure',
      'failure',
      'throttled',
      'failure',
    ]);
  });
});
