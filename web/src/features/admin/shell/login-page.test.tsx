import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './login-page';
import { SESSION_KEY } from './session';
import { renderAdmin } from './testing';
import { fakeApi } from '../../blog/testing/fake-api';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const fill = () => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
};

/** The API's throttle sentence, which says itself when to try again. */
const THROTTLED = 'Too many failed sign-in attempts. Try again in 15 minutes.';

describe('login page', () => {
  it('shows the 401 message for wrong credentials and stores nothing', async () => {
    fakeApi({ login: () => ({ status: 401, body: { error: 'Wrong e-mail or password.' } }) });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
  });

  it("shows the throttle's own sentence on 429, which says when to try again", async () => {
    fakeApi({ login: () => ({ status: 429, body: { error: THROTTLED, code: 'rate-limited' } }) });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(THROTTLED);
  });

  it("says to try again in a moment when API Gateway's throttle still refuses after the retries", async () => {
    fakeApi({ login: () => ({ status: 429, body: { message: 'Too Many Requests' } }) });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    expect(await screen.findByRole('alert', {}, { timeout: 4_000 })).toHaveTextContent(
      'The site is very busy right now. Please try again in a moment.',
    );
  });

  it('saves the session and goes to /admin on success', async () => {
    const api = fakeApi({
      login: () => ({
        body: { data: { username: 'Ada', email: 'admin@example.com', token: 'jwt-1' } },
      }),
    });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    expect(await screen.findByRole('heading', { name: 'Admin list screen' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual({
      isAdminLoggedIn: true,
      name: 'Ada',
      email: 'admin@example.com',
      token: 'jwt-1',
    });
    expect(api.calls('login')[0]?.body).toEqual({ email: 'admin@example.com', password: 'secret' });
  });

  it('stores the e-mail as the name when the login username is the user id', async () => {
    fakeApi({
      login: () => ({
        body: {
          data: {
            username: '1405ac17-5b1c-4a8e-9f0e-2d3c4b5a6978',
            email: 'admin@example.com',
            token: 'jwt-1',
          },
        },
      }),
    });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    expect(await screen.findByRole('heading', { name: 'Admin list screen' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toMatchObject({
      name: 'admin@example.com',
      email: 'admin@example.com',
    });
  });

  const signedIn = {
    body: { data: { username: 'Ada', email: 'admin@example.com', token: 'jwt-2' } },
  };

  it('asks for the authenticator code after the password, then signs in with it', async () => {
    const api = fakeApi({
      login: () => ({ body: { data: { challenge: 'SOFTWARE_TOKEN_MFA', session: 's-1' } } }),
      loginMfa: (req) =>
        req.body.code === '123456'
          ? signedIn
          : { status: 401, body: { error: 'That code is not right.', code: 'wrong-code' } },
    });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // Focus moves in the step's effect, after the field first shows.
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByText(/enter the 6-digit code/)).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    // A wrong code is explained and the step stays open for another try.
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(screen.getByLabelText('Code from your authenticator app')).toBe(code);
    // The refusal names no field, but its code places it at the code field.
    expect(code).toHaveAccessibleDescription('That code is not right.');
    fireEvent.change(code, { target: { value: '12 34 56' } });
    expect(code).toHaveValue('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { name: 'Admin list screen' })).toBeInTheDocument();
    expect(api.calls('loginMfa')[1]?.body).toEqual({ session: 's-1', code: '123456' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toMatchObject({
      token: 'jwt-2',
    });
  });

  it('keeps the code step on a wrong code and shows the throttle with its wait hint', async () => {
    fakeApi({
      login: () => ({ body: { data: { challenge: 'SOFTWARE_TOKEN_MFA', session: 's-1' } } }),
      loginMfa: () => ({ status: 429, body: { error: THROTTLED, code: 'rate-limited' } }),
    });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), {
      target: { value: '000000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(THROTTLED);
    expect(screen.getByLabelText('Code from your authenticator app')).toHaveValue('');
  });

  it('starts again from the password when the code step has expired', async () => {
    fakeApi({
      login: () => ({ body: { data: { challenge: 'SOFTWARE_TOKEN_MFA', session: 's-1' } } }),
      loginMfa: () => ({
        status: 401,
        body: { error: 'This sign-in step has expired. Sign in again.', code: 'expired' },
      }),
    });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), {
      target: { value: '111111' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in step has expired. Sign in again.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('has an invited member choose a password, ticking the rules as they type', async () => {
    const api = fakeApi({
      login: () => ({ body: { data: { challenge: 'NEW_PASSWORD_REQUIRED', session: 's-2' } } }),
      loginNewPassword: () => signedIn,
    });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    const field = await screen.findByLabelText('Choose a password');
    await waitFor(() => expect(field).toHaveFocus());
    const rules = screen.getByRole('list', { name: 'The password needs' });
    const met = () =>
      within(rules)
        .getAllByRole('listitem')
        .filter((li) => li.textContent?.includes('(done)'))
        .map((li) => li.textContent?.replace(/^. | \(done\)$/g, ''));
    expect(met()).toEqual([]);
    fireEvent.change(field, { target: { value: 'abcD1' } });
    expect(met()).toEqual(['a lowercase letter', 'an uppercase letter', 'a digit']);
    // Sending early names what is missing; nothing goes to the API.
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The password needs at least 12 characters and a symbol such as',
    );
    expect(api.calls('loginNewPassword')).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'Brand-New-Passw0rd' } });
    expect(met()).toHaveLength(5);
    fireEvent.change(screen.getByLabelText('Confirm the password'), {
      target: { value: 'Brand-New-Passw0rd!' },
    });
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Confirm the password'), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Admin list screen' })).toBeInTheDocument();
    expect(api.calls('loginNewPassword')[0]?.body).toEqual({
      session: 's-2',
      password: 'Brand-New-Passw0rd',
    });
  });

  it('resets a forgotten password with the e-mailed code, then offers sign-in with a notice', async () => {
    const api = fakeApi({
      forgotPassword: () => ({
        status: 202,
        body: { data: { message: 'A reset code is on its way.' } },
      }),
      resetPassword: () => ({ body: { data: { message: 'Password changed.' } } }),
    });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for that e-mail, we sent a code to it.',
    );
    fireEvent.change(screen.getByLabelText('Code from the e-mail'), {
      target: { value: '654321' },
    });
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.change(screen.getByLabelText('Confirm the password'), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password was changed. Sign in with the new one.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(api.calls('forgotPassword')[0]?.body).toEqual({ email: 'admin@example.com' });
    expect(api.calls('resetPassword')[0]?.body).toEqual({
      email: 'admin@example.com',
      code: '654321',
      password: 'Brand-New-Passw0rd',
    });
  });

  it('shows a refused reset code in the form', async () => {
    fakeApi({
      forgotPassword: () => ({ status: 202, body: { data: { message: 'Sent.' } } }),
      resetPassword: () => ({
        status: 400,
        body: { error: 'code: is wrong or has expired.', field: 'code', code: 'wrong-code' },
      }),
    });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Code from the e-mail'), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.change(screen.getByLabelText('Confirm the password'), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    // At the code field, without the API's field name.
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Is wrong or has expired\.$/);
    expect(screen.getByLabelText('Code from the e-mail')).toHaveAccessibleDescription(
      'Is wrong or has expired.',
    );
  });
});
