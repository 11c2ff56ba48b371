import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '@agency/shared';
import AuditPage, { auditAddressQuery } from './audit-page';
import { auditRecordAction, auditRecordTarget } from './audit-labels';
import { makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const record = (overrides: Partial<AuditRecord>): AuditRecord => ({
  id: 'r1',
  at: '2026-11-22T10:00:00.000Z',
  actor_id: 'sub-1',
  actor_email: 'ada@example.com',
  action: 'createPost',
  target: 'post 12',
  ip: '203.0.113.7',
  outcome: 'success',
  status: 201,
  ...overrides,
});

describe('audit address', () => {
  it('keeps the filters the API accepts and drops the rest', () => {
    expect(
      auditAddressQuery(new URLSearchParams('actor=ada@example.com&outcome=nope&page=2')),
    ).toEqual({ filters: { actor: 'ada@example.com' }, page: 2 });
  });
});

describe('audit labels', () => {
  it('gives each distinct action its own words, and a record without an event its operation’s', () => {
    const said = (action: string, event?: string) =>
      auditRecordAction(event === undefined ? { action } : { action, event });
    expect(said('updatePost', 'published')).toBe('Post published');
    expect(said('updatePost', 'unpublished')).toBe('Post unpublished');
    expect(said('updatePost', 'scheduled')).toBe('Post scheduled');
    expect(said('updatePost', 'updated')).toBe('Post updated');
    expect(said('updatePost')).toBe('Post updated');
    expect(said('deletePost', 'trashed')).toBe('Post moved to Trash');
    expect(said('untrashPost', 'untrashed')).toBe('Post restored from Trash');
    expect(said('purgePost', 'purged')).toBe('Post deleted for good');
    expect(said('restoreRevision')).toBe('Revision restored');
    expect(said('setLeadStatus', 'won')).toBe('Lead marked won');
    expect(said('updateMember', 'disabled')).toBe('Member disabled');
    expect(said('createRedirect')).toBe('Redirect added');
    expect(said('updateRedirect')).toBe('Redirect changed');
    expect(said('deleteRedirect')).toBe('Redirect deleted');
    expect(said('dismissNotFound')).toBe('404 log entry dismissed');
    expect(said('someFutureCall')).toBe('someFutureCall');
  });

  it('names the target as people know it, old records by their kind and id', () => {
    expect(auditRecordTarget({ target: 'post 9', target_label: 'Hello (hello)' })).toBe(
      'Hello (hello)',
    );
    expect(auditRecordTarget({ target: 'post 9' })).toBe('Post 9');
    expect(auditRecordTarget({ target: 'media 9f96' })).toBe('Image 9f96');
    expect(auditRecordTarget({ target: 'redirect /old-services' })).toBe('Redirect /old-services');
    expect(auditRecordTarget({ target: '404 /summer-sale' })).toBe('/summer-sale');
    expect(auditRecordTarget({ target: 'step SOFTWARE_TOKEN_MFA' })).toBe('two-factor code');
    expect(auditRecordTarget({ target: 'step NEW_PASSWORD_REQUIRED' })).toBe('new password');
    expect(auditRecordTarget({ target: 'member a@b.co' })).toBe('a@b.co');
    expect(auditRecordTarget({ target: '' })).toBe('—');
  });
});

describe('audit page', () => {
  it('lists records with human labels, filters from the address and pages with next/previous', async () => {
    signIn();
    const api = fakeApi({
      getUserData: () => makeUserData(),
      listAudit: (req) =>
        req.url.searchParams.get('page') === '2'
          ? {
              body: {
                results: [record({ id: 'r3', action: 'login', target: '', outcome: 'failure' })],
                next: null,
                previous: '/api/user/audit?page=1',
              },
            }
          : {
              body: {
                results: [
                  record({}),
                  record({ id: 'r2', action: 'inviteMember', target: 'member new@example.com' }),
                ],
                next: '/api/user/audit?page=2',
                previous: null,
              },
            },
    });
    renderAdmin('/admin/audit?outcome=success', { '/admin/audit': <AuditPage /> });
    const table = await screen.findByRole('table', { name: 'Audit trail, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['ada@example.com', 'Post created', 'Post 12', '203.0.113.7', 'Success'],
      ['ada@example.com', 'Member invited', 'new@example.com', '203.0.113.7', 'Success'],
    ]);
    expect(screen.getByLabelText('Outcome')).toHaveValue('success');
    expect(api.calls('listAudit')[0]?.url.searchParams.get('outcome')).toBe('success');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Sign-in (password)')).toBeInTheDocument();
    expect(screen.getByText('Failed', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/audit');
  });

  it('filters by action with a select of labelled operations', async () => {
    signIn();
    const api = fakeApi({
      getUserData: () => makeUserData(),
      listAudit: () => ({ body: { results: [], next: null, previous: null } }),
    });
    renderAdmin('/admin/audit', { '/admin/audit': <AuditPage /> });
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
    const action = screen.getByLabelText('Action');
    expect(within(action).getByRole('option', { name: 'Member invited' })).toHaveValue(
      'inviteMember',
    );
    fireEvent.change(action, { target: { value: 'inviteMember' } });
    expect(await screen.findByText('No records match these filters.')).toBeInTheDocument();
    expect(api.calls('listAudit').at(-1)?.url.searchParams.get('action')).toBe('inviteMember');
  });
});
