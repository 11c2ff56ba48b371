import { describe, expect, it } from 'vitest';
import { operationNames } from '@agency/shared';
import { auditOutcomeOf, auditedByWrapper as isAudited } from '@agency/shared';
import { auditDetails, auditTarget, postEvent, watchPostWrites } from './audit-target';

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

describe('postEvent', () => {
  const at = (status: string, publish_at: string | null = null) => ({ status, publish_at });
  it('names each change of publication, and a plain edit as updated', () => {
    expect(postEvent(null, at('draft'))).toBe('created');
    expect(postEvent(null, at('published'))).toBe('published');
    expect(postEvent(null, at('scheduled', '2030-01-01T00:00:00.000Z'))).toBe('scheduled');
    expect(postEvent(at('draft'), at('published'))).toBe('published');
    expect(postEvent(at('scheduled', 'x'), at('published'))).toBe('published');
    expect(postEvent(at('published'), at('draft'))).toBe('unpublished');
    expect(postEvent(at('published'), at('scheduled', 'x'))).toBe('unpublished');
    expect(postEvent(at('draft'), at('scheduled', 'x'))).toBe('scheduled');
    expect(postEvent(at('scheduled', 'x'), at('scheduled', 'y'))).toBe('scheduled');
    expect(postEvent(at('scheduled', 'x'), at('scheduled', 'x'))).toBe('updated');
    expect(postEvent(at('published'), at('published'))).toBe('updated');
    expect(postEvent(at('published'), at('trashed'))).toBe('trashed');
    expect(postEvent(at('trashed'), at('draft'))).toBe('untrashed');
    expect(postEvent(at('trashed'), null)).toBe('purged');
  });
});

describe('auditDetails', () => {
  it('takes the handler’s note first, then what the request and the reply say', () => {
    expect(
      auditDetails(
        'updatePost',
        { id: 1 },
        { data: { title: 'T', slug: 't' } },
        { event: 'published' },
      ),
    ).toEqual({ targetLabel: 'T (t)', event: 'published' });
    expect(
      auditDetails('createPost', {}, { data: { title: 'T', slug: 't', status: 'draft' } }),
    ).toEqual({ targetLabel: 'T (t)', event: 'created' });
    expect(
      auditDetails('createUpload', { filename: 'team photo.jpg' }, { data: { id: 'x' } }),
    ).toEqual({
      targetLabel: 'team photo.jpg',
    });
    expect(
      auditDetails('setLeadStatus', { id: '01J', status: 'won' }, { data: { name: 'Asha Rao' } }),
    ).toEqual({ targetLabel: 'Asha Rao', event: 'won' });
    expect(auditDetails('updateMember', { email: 'a@b.co', enabled: false }, undefined)).toEqual({
      event: 'disabled',
    });
    expect(auditDetails('eraseLead', { id: '01J' }, { data: { id: '01J' } })).toEqual({});
  });

  it('watchPostWrites says what a write did and names the post as it was', () => {
    const writes = watchPostWrites({});
    expect(writes.note()).toEqual({});
    const post = (status: string) => ({ title: 'Hello', slug: 'hello', status, publish_at: null });
    writes.deps.saved(post('published'), post('draft'));
    expect(writes.note()).toEqual({ event: 'unpublished', label: 'Hello (hello)' });
  });
});
