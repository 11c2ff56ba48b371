import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AccountPage from './account-page';
import { SESSION_KEY } from '../shell/session';
import { makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi, type FakeHandler } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const setup = () => ({
  body: {
    data: {
      secret: SECRET,
      otpauth_uri: `otpauth://totp/Agency%20admin:ada%40example.com?secret=${SECRET}&issuer=Agency%20admin`,
    },
  },
});

/** The account page with a user whose two-factor state follows what the fake API was told. */
function renderAccount(
  handlers: Record<string, FakeHandler> = {},
  mfa = false,
  user: Parameters<typeof makeUserData>[0] = {},
) {
  signIn();
  let on = mfa;
  const api = fakeApi({
    getUserData: () => makeUserData({ ...user, mfa: on }),
    setupMfa: setup,
    verifyMfa: (req) => {
      if (req.body.code !== '123456')
        return {
          status: 400,
          body: { error: 'code: is not right.', field: 'code', code: 'wrong-code' },
        };
      on = true;
      return { body: { data: { mfa: true } } };
    },
    disableMfa: () => {
      on = false;
      return { body: { data: { mfa: false } } };
    },
    ...handlers,
  });
  renderAdmin('/admin/account', { '/admin/account': <AccountPage /> });
  return api;
}

const section = async (name: string) =>
  screen.findByRole('region', { name }).then((el) => within(el));

describe('account page', () => {
  it('sets one’s own display name, and shows a refused one at the field', async () => {
    let name = '';
    const api = renderAccount(
      {
        getUserData: () => makeUserData({ name, username: name || 'ada@example.com' }),
        setDisplayName: (req) => {
          const asked = (req.body.name ?? '').trim();
          if (asked === '')
            return {
              status: 400,
              body: { error: 'name: is required', field: 'name', code: 'required' },
            };
          name = asked;
          return { body: { data: { name } } };
        },
      },
      false,
    );
    const profile = await section('Profile');
    const field = profile.getByLabelText('Display name');
    expect(field).toHaveValue('');
    fireEvent.click(profile.getByRole('button', { name: 'Save name' }));
    expect(await profile.findByRole('alert')).toHaveTextContent('Is required.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    fireEvent.change(field, { target: { value: ' Priya Raman ' } });
    fireEvent.click(profile.getByRole('button', { name: 'Save name' }));
    expect(await profile.findByText('Your display name is now Priya Raman.')).toBeInTheDocument();
    expect(field).toHaveValue('Priya Raman');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(api.calls('setDisplayName').at(-1)?.body).toMatchObject({ name: ' Priya Raman ' });
    // Who is signed in is read again, so the header shows the new name too.
    expect(api.calls('getUserData').length).toBeGreaterThan(1);
  });

  it('shows the name, e-mail and role', async () => {
    renderAccount();
    const profile = await section('Profile');
    expect(profile.getByLabelText('Display name')).toHaveValue('Ada Lovelace');
    expect(profile.getByText('ada@example.com')).toBeInTheDocument();
    expect(profile.getByText('Admin')).toBeInTheDocument();
  });

  it('enrols an authenticator: QR code and grouped key, a wrong code refused, the right one turns it on', async () => {
    const api = renderAccount();
    const part = await section('Two-factor sign-in');
    expect(part.getByText('Off')).toBeInTheDocument();
    fireEvent.click(part.getByRole('button', { name: 'Set up' }));
    const qr = await part.findByRole('img', { name: /QR code/ });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A drawn code: a path of many modules, not an image fetched from anywhere.
    expect(qr.querySelector('path')?.getAttribute('d')?.split('M').length).toBeGreaterThan(100);
    expect(part.getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const code = part.getByLabelText('Code from your authenticator app');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(part.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    // At the code field, without the API's field name.
    const refused = await part.findByRole('alert');
    expect(refused).toHaveTextContent(/^Is not right\.$/);
    expect(code).toHaveAccessibleDescription('Is not right.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(part.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await part.findByText('On')).toBeInTheDocument();
    expect(part.getByRole('status')).toHaveTextContent('Two-factor sign-in is on.');
    expect(api.calls('setupMfa')).toHaveLength(1);
    expect(api.calls('verifyMfa').map((r) => r.body.code)).toEqual(['000000', '123456']);
  });

  it('turns two-factor off with the password and a code, and explains a stage that requires it', async () => {
    const api = renderAccount(
      { disableMfa: () => ({ status: 409, body: { error: 'Two-factor sign-in is required.' } }) },
      true,
    );
    const part = await section('Two-factor sign-in');
    fireEvent.click(part.getByRole('button', { name: 'Turn off' }));
    fireEvent.change(part.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.change(part.getByLabelText('Code from your authenticator app'), {
      target: { value: '654321' },
    });
    fireEvent.click(part.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await part.findByRole('alert')).toHaveTextContent(
      'requires two-factor sign-in for every account, so it stays on',
    );
    expect(api.calls('disableMfa')[0]?.body).toEqual({ password: 'secret', code: '654321' });
  });

  it('offers no way to turn two-factor off where the agency requires it, and says why', async () => {
    const api = renderAccount({}, true, { mfa_enforced: true });
    const part = await section('Two-factor sign-in');
    expect(part.getByText('On')).toBeInTheDocument();
    expect(part.getByText(/requires two-factor sign-in for every account/)).toBeInTheDocument();
    expect(part.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(api.calls('disableMfa')).toHaveLength(0);
  });

  it('changes the password after checking its rules and the confirmation', async () => {
    const api = renderAccount({
      changePassword: () => ({ body: { data: { message: 'Password changed.' } } }),
    });
    const part = await section('Change password');
    fireEvent.change(part.getByLabelText('Current password'), { target: { value: 'old-one' } });
    fireEvent.change(part.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(part.getByRole('button', { name: 'Change password' }));
    expect(await part.findByRole('alert')).toHaveTextContent('The password needs at least 12');
    expect(api.calls('changePassword')).toHaveLength(0);
    fireEvent.change(part.getByLabelText('New password'), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.change(part.getByLabelText('Confirm the password'), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.click(part.getByRole('button', { name: 'Change password' }));
    expect(await part.findByText('Your password was changed.')).toBeInTheDocument();
    expect(api.calls('changePassword')[0]?.body).toEqual({
      current_password: 'old-one',
      new_password: 'Brand-New-Passw0rd',
    });
    expect(part.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password at the Current password field, without the API field name', async () => {
    const api = renderAccount({
      changePassword: () => ({
        status: 400,
        body: {
          error: 'current_password: is not your current password.',
          field: 'current_password',
          code: 'wrong-password',
        },
      }),
    });
    const part = await section('Change password');
    const current = part.getByLabelText('Current password');
    fireEvent.change(current, { target: { value: 'not-the-one' } });
    fireEvent.change(part.getByLabelText('New password'), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.change(part.getByLabelText('Confirm the password'), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.click(part.getByRole('button', { name: 'Change password' }));
    const alert = await part.findByRole('alert');
    expect(alert).toHaveTextContent(/^Is not your current password\.$/);
    expect(current).toHaveAccessibleDescription('Is not your current password.');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    expect(part.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    expect(document.body).not.toHaveTextContent('current_password');
    expect(api.calls('changePassword')).toHaveLength(1);
  });

  it('shows a refused code at the code field when turning two-factor off', async () => {
    renderAccount(
      {
        disableMfa: () => ({
          status: 400,
          body: { error: 'code: is not right.', field: 'code', code: 'wrong-code' },
        }),
      },
      true,
    );
    const part = await section('Two-factor sign-in');
    fireEvent.click(part.getByRole('button', { name: 'Turn off' }));
    fireEvent.change(part.getByLabelText('Password'), { target: { value: 'secret' } });
    const code = part.getByLabelText('Code from your authenticator app');
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(part.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await part.findByRole('alert')).toHaveTextContent(/^Is not right\.$/);
    expect(code).toHaveAccessibleDescription('Is not right.');
    expect(part.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(document.body).not.toHaveTextContent('code:');
  });

  it('signs out everywhere and goes to the login page', async () => {
    const api = renderAccount({
      signOutEverywhere: () => ({ status: 204, body: '' }),
      logoutSession: () => ({ status: 204, body: '' }),
    });
    const part = await section('Sessions');
    fireEvent.click(part.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(api.calls('signOutEverywhere')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
