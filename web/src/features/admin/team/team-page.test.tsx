import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamMember } from '@agency/shared';
import TeamPage from './team-page';
import { makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi, type FakeHandler } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'admin',
  enabled: true,
  status: 'active',
  mfa: true,
  created_at: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

/** The team page over a fake team that the fake API's writes change. */
function renderTeam(handlers: Record<string, FakeHandler> = {}) {
  signIn();
  const team = [
    member({}),
    member({ email: 'eddie@example.com', name: 'Eddie', role: 'editor', mfa: false }),
  ];
  const api = fakeApi({
    getUserData: () => makeUserData(),
    listTeam: () => ({ body: { data: team } }),
    inviteMember: (req) => {
      const added = member({
        email: req.body.email,
        name: req.body.name,
        role: req.body.role === 'admin' ? 'admin' : 'editor',
        status: 'invited',
        mfa: false,
      });
      team.push(added);
      return { status: 201, body: { data: added } };
    },
    updateMember: (req) => {
      const m = team.find((t) => t.email === req.body.email);
      if (!m) return { status: 404, body: { error: 'No such member.' } };
      if (req.body.enabled !== undefined) m.enabled = req.body.enabled === 'true';
      return { body: { data: m } };
    },
    ...handlers,
  });
  renderAdmin('/admin/team', { '/admin/team': <TeamPage /> });
  return { api, team };
}

/** The status line says this (it is always there, empty until an action ends). */
const statusSays = (text: string) =>
  waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

const row = async (name: string) => {
  const cell = await screen.findByText(name, { selector: 'strong' });
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
};

describe('team page', () => {
  it('lists members with role, status, two-factor and access, marking the signed-in person', async () => {
    renderTeam();
    const ada = await row('Ada Lovelace');
    expect(ada.getByText('(you)')).toBeInTheDocument();
    expect(ada.getByLabelText('Role of Ada Lovelace')).toHaveValue('admin');
    const eddie = await row('Eddie');
    expect(eddie.getByLabelText('Role of Eddie')).toHaveValue('editor');
    expect(eddie.getByText(/Active/)).toBeInTheDocument();
    expect(eddie.getByText('Off')).toBeInTheDocument();
    expect(eddie.getByText('Enabled')).toBeInTheDocument();
  });

  it('invites a member, who then shows as invited', async () => {
    const { api } = renderTeam();
    await row('Eddie');
    const form = within(screen.getByRole('form', { name: 'Invite a member' }));
    fireEvent.change(form.getByLabelText('E-mail'), { target: { value: 'new@example.com' } });
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Nia' } });
    expect(form.getByLabelText('Role')).toHaveValue('editor');
    fireEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    await statusSays('new@example.com is invited as editor');
    expect((await row('Nia')).getByText(/Invited/)).toBeInTheDocument();
    expect(api.calls('inviteMember')[0]?.body).toEqual({
      email: 'new@example.com',
      name: 'Nia',
      role: 'editor',
    });
    expect(form.getByLabelText('E-mail')).toHaveValue('');
  });

  it('shows a refused invitation at the E-mail field, without the API field name', async () => {
    renderTeam({
      inviteMember: () => ({
        status: 409,
        body: {
          error: 'email: eddie@example.com is already a member.',
          field: 'email',
          code: 'taken',
        },
      }),
    });
    await row('Eddie');
    const form = within(screen.getByRole('form', { name: 'Invite a member' }));
    const email = form.getByLabelText('E-mail');
    fireEvent.change(email, { target: { value: 'Eddie@example.com' } });
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Eddie' } });
    fireEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('eddie@example.com is already a member.'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(form.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/email:/)).toBeNull();
  });

  it('disables a member with a JSON boolean, and shows them disabled', async () => {
    const { api } = renderTeam();
    fireEvent.click((await row('Eddie')).getByRole('button', { name: 'Disable Eddie' }));
    await statusSays('Eddie is disabled and signed out everywhere.');
    await waitFor(() => expect(screen.getByText('Disabled')).toBeInTheDocument());
    const sent: unknown = JSON.parse(
      String(vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body),
    );
    expect(sent).toEqual({ email: 'eddie@example.com', enabled: false });
    expect(api.calls('updateMember')).toHaveLength(1);
  });

  it('offers the only admin no role change, Disable or Remove, and says why on the row', async () => {
    renderTeam();
    const ada = await row('Ada Lovelace');
    const reason = ada.getByText(/You are the only admin: make someone else an admin/);
    for (const control of [
      ada.getByLabelText('Role of Ada Lovelace'),
      ada.getByRole('button', { name: 'Disable Ada Lovelace' }),
      ada.getByRole('button', { name: 'Remove Ada Lovelace' }),
    ]) {
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('aria-describedby', reason.id);
    }
    expect(ada.getByRole('button', { name: 'Sign Ada Lovelace out everywhere' })).toBeEnabled();
    const eddie = await row('Eddie');
    expect(eddie.getByRole('button', { name: 'Remove Eddie' })).toBeEnabled();
    expect(eddie.queryByText(/only admin/)).toBeNull();
  });

  it('links the signed-in person to the account page when their name is not set', async () => {
    renderTeam({
      listTeam: () => ({
        body: { data: [member({ name: '' }), member({ email: 'b@example.com', name: 'Bea' })] },
      }),
    });
    const link = await screen.findByRole('link', { name: 'Set your name' });
    expect(link).toHaveAttribute('href', '/admin/account');
    // Two acting admins: either may be changed.
    expect((await row('Bea')).getByRole('button', { name: 'Disable Bea' })).toBeEnabled();
  });

  it('says clearly why a change the API refuses was refused (409)', async () => {
    renderTeam({
      listTeam: () => ({
        body: { data: [member({}), member({ email: 'grace@example.com', name: 'Grace' })] },
      }),
      updateMember: () => ({
        status: 409,
        body: { error: 'The team needs at least one enabled admin.' },
      }),
    });
    const ada = await row('Ada Lovelace');
    fireEvent.change(ada.getByLabelText('Role of Ada Lovelace'), { target: { value: 'editor' } });
    fireEvent.click(ada.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The team needs at least one enabled admin.',
    );
    // The list is read again: the role shown is the one the API kept.
    expect((await row('Ada Lovelace')).getByLabelText('Role of Ada Lovelace')).toHaveValue('admin');
  });

  it('removes a member only after the confirm dialog', async () => {
    const { api, team } = renderTeam({
      removeMember: (req) => {
        team.splice(
          team.findIndex((t) => t.email === req.body.email),
          1,
        );
        return { body: { data: { message: 'Removed.' } } };
      },
    });
    fireEvent.click((await row('Eddie')).getByRole('button', { name: 'Remove Eddie' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Remove this member?' }));
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.calls('removeMember')).toHaveLength(0);
    fireEvent.click((await row('Eddie')).getByRole('button', { name: 'Remove Eddie' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove member' }));
    await statusSays('Eddie was removed from the team.');
    expect(screen.queryByText('Eddie', { selector: 'strong' })).not.toBeInTheDocument();
    expect(api.calls('removeMember')[0]?.body).toEqual({ email: 'eddie@example.com' });
  });

  it('changes a role only with the button, not while choosing in the list', async () => {
    const { api } = renderTeam();
    const eddie = await row('Eddie');
    fireEvent.change(eddie.getByLabelText('Role of Eddie'), { target: { value: 'admin' } });
    expect(api.calls('updateMember')).toHaveLength(0);
    fireEvent.click(eddie.getByRole('button', { name: 'Change role' }));
    await statusSays('Eddie is now admin.');
    expect(api.calls('updateMember')[0]?.body).toEqual({
      email: 'eddie@example.com',
      role: 'admin',
    });
  });
});
