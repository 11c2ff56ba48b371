import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './login-page';
import { SESSION_KEY } from './session';
import { renderAdmin } from './testing';
import { fakeApi } from '../blog/testing/fake-api';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const fill = () => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
};

describe('login page', () => {
  it('shows the 401 message for wrong credentials and stores nothing', async () => {
    fakeApi({ login: () => ({ status: 401, body: { error: 'Wrong e-mail or password.' } }) });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
  });

  it('shows the throttling message on 429', async () => {
    fakeApi({ login: () => ({ status: 429, body: { error: 'Too many failed logins.' } }) });
    renderAdmin('/creative-login', { '/creative-login': <LoginPage /> });
    fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Too many failed logins\. Please wait/,
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
});
