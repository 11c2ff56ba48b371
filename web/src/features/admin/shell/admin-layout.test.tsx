import { fireEvent, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from './admin-layout';
import { SESSION_KEY } from './session';
import { editorData, makeUserData, renderAdmin } from './testing';
import { fakeApi } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const store = (name: string) =>
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({ isAdminLoggedIn: true, name, email: 'ada@example.com', token: 't' }),
  );

const renderLayout = (path = '/admin', title = 'Blog posts') =>
  renderAdmin(path, {
    [path]: (
      <AdminLayout title={title} actions={<button type="button">Page action</button>}>
        <p>Page content</p>
      </AdminLayout>
    ),
  });

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Admin' }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('admin bar', () => {
  it('shows the person’s name beside Logout, linked to their account page', async () => {
    store('Ada');
    fakeApi({ getUserData: () => makeUserData({ name: 'Ada Lovelace' }) });
    renderLayout();
    const name = await screen.findByRole('link', { name: 'Ada Lovelace: your account' });
    expect(name).toHaveAttribute('href', '/admin/account');
    expect(name.parentElement).toContainElement(screen.getByRole('button', { name: 'Logout' }));
  });

  it('shows the e-mail, never the user id, when the account has no name', async () => {
    store('1405ac17-5b1c-4a8e-9f0e-2d3c4b5a6978');
    fakeApi({
      getUserData: () =>
        makeUserData({ name: '', username: '1405ac17-5b1c-4a8e-9f0e-2d3c4b5a6978' }),
    });
    renderLayout();
    expect(
      await screen.findByRole('link', { name: 'ada@example.com: your account' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/1405ac17/)).not.toBeInTheDocument();
  });

  it('gives an admin every page, the dashboard first and the posts one click away', async () => {
    store('Ada');
    fakeApi({ getUserData: () => makeUserData() });
    renderLayout();
    await screen.findByRole('link', { name: 'Audit trail' });
    expect(await navLinks()).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Analytics', '/admin/analytics'],
      ['Posts', '/admin'],
      ['Pages', '/admin/pages'],
      ['Leads', '/admin/leads'],
      ['Categories & authors', '/admin/taxonomy'],
      ['Media', '/admin/media'],
      ['Redirects', '/admin/redirects'],
      ['Site settings', '/admin/pages/settings'],
      ['Add blog', '/add-blog'],
      ['Team', '/admin/team'],
      ['Audit trail', '/admin/audit'],
    ]);
  });

  it('shows an editor only what the role may use: no leads, team or audit trail, but the redirects', async () => {
    store('Eddie');
    fakeApi({ getUserData: () => editorData() });
    renderLayout();
    await screen.findByRole('link', { name: /Eddie/ });
    const links = (await navLinks()).map(([label]) => label);
    // Pages, but not the site settings (admins only).
    expect(links).toEqual([
      'Dashboard',
      'Analytics',
      'Posts',
      'Pages',
      'Categories & authors',
      'Media',
      'Redirects',
      'Add blog',
    ]);
  });

  it('tells an editor who opens the leads that the role does not include them, without the page', async () => {
    store('Eddie');
    fakeApi({ getUserData: () => editorData() });
    renderLayout('/admin/leads', 'Leads');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role (editor) does not include Leads.',
    );
    expect(screen.queryByText('Page content')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page action' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the posts' })).toHaveAttribute('href', '/admin');
  });

  it('opens the page when the API cannot say who is signed in (the API still decides)', async () => {
    store('Ada');
    fakeApi({ getUserData: () => ({ status: 500, body: { error: 'Down.' } }) });
    renderLayout('/admin/leads', 'Leads');
    expect(await screen.findByText('Page content')).toBeInTheDocument();
  });

  it('shows only the enrolment and Logout while the stage requires two-factor sign-in', async () => {
    store('Ada');
    const api = fakeApi({
      getUserData: () => makeUserData({ mfa_required: true }),
      setupMfa: () => ({
        body: {
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_uri: 'otpauth://totp/Agency%20admin:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
          },
        },
      }),
    });
    renderLayout();
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/requires two-factor sign-in for every account/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByText('Page content')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(api.calls('setupMfa')).toHaveLength(1);
  });

  it('mounts no page before it knows who is signed in, so an account that must enrol calls nothing else', async () => {
    store('Ada');
    fakeApi({ getUserData: () => makeUserData({ mfa_required: true }) });
    const mounted = vi.fn();
    function Probe() {
      useEffect(() => mounted(), []);
      return <p>Page content</p>;
    }
    renderAdmin('/admin', {
      '/admin': (
        <AdminLayout title="Blog posts">
          <Probe />
        </AdminLayout>
      ),
    });
    await screen.findByRole('heading', { name: 'Set up two-factor sign-in' });
    expect(mounted).not.toHaveBeenCalled();
  });

  it('opens the admin once the required enrolment is verified', async () => {
    store('Ada');
    let enrolled = false;
    fakeApi({
      getUserData: () => makeUserData({ mfa_required: !enrolled, mfa: enrolled }),
      setupMfa: () => ({
        body: {
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
          },
        },
      }),
      verifyMfa: () => {
        enrolled = true;
        return { body: { data: { mfa: true } } };
      },
    });
    renderLayout();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('Page content')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
  });
});
