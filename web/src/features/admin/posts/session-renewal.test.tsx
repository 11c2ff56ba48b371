import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminListPage from './admin-list-page';
import PostEditorPage from './post-editor-page';
import { readSession, renewalDelay, SESSION_KEY } from '../shell/session';
import { useTokenRenewal } from '../shell/session-renewal';
import { makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi, makePost, pageBody } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

// Quill needs a real browser; the form only relies on the editor's value/onChange contract.
vi.mock('./rich-text-editor', () => import('./editor-stand-in'));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const b64url = (v: unknown) =>
  btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with the given lifetime from `issuedAt` (the client only reads `exp` and `iat`). */
function jwt(name: string, lifeSeconds: number, issuedAt = Date.now()): string {
  const iat = Math.floor(issuedAt / 1000);
  return `${b64url({ alg: 'RS256' })}.${b64url({ sub: name, iat, exp: iat + lifeSeconds })}.sig`;
}

const bearer = (token: string) => `Bearer ${token}`;

describe('renewal time', () => {
  it('renews a minute before expiry, or half-way through a shorter life, and not for unreadable tokens', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(renewalDelay(jwt('a', 3600, now), now)).toBe(3540_000);
    expect(renewalDelay(jwt('a', 20, now), now)).toBe(10_000);
    expect(renewalDelay(jwt('a', 3600, now), now + 3_590_000)).toBe(0);
    expect(renewalDelay('not-a-jwt', now)).toBeNull();
  });
});

describe('renew before expiry', () => {
  it('asks for a new token shortly before the old one expires and stores it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const old = jwt('old', 3600);
    const fresh = jwt('new', 3600, Date.now() + 3540_000);
    signIn(old);
    const api = fakeApi({ refreshSession: () => ({ body: { data: { token: fresh } } }) });
    renderHook(() => useTokenRenewal(readSession()?.token));
    await act(() => vi.advanceTimersByTimeAsync(3539_000));
    expect(api.calls('refreshSession')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(api.calls('refreshSession')).toHaveLength(1);
    expect(api.calls('refreshSession')[0]?.headers.get('x-requested-with')).toBe('fetch');
    expect(api.calls('refreshSession')[0]?.headers.get('authorization')).toBeNull();
    expect(readSession()).toMatchObject({ isAdminLoggedIn: true, token: fresh });
  });
});

describe('401 from an admin call', () => {
  it('renews once and sends the call again with the new token, staying on the page', async () => {
    const old = jwt('old', 3600);
    const fresh = jwt('new', 3600);
    signIn(old);
    const api = fakeApi({
      getUserData: () => makeUserData(),
      listPosts: (req) =>
        req.headers.get('authorization') === bearer(fresh)
          ? { body: pageBody([], 1, false) }
          : { status: 401, body: { error: 'expired' } },
      refreshSession: () => ({ body: { data: { token: fresh } } }),
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    await waitFor(() =>
      expect(
        api.calls('listPosts').some((r) => r.headers.get('authorization') === bearer(fresh)),
      ).toBe(true),
    );
    expect(api.calls('refreshSession')).toHaveLength(1);
    expect(readSession()?.token).toBe(fresh);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });
});

describe('renewal impossible', () => {
  it('opens sign-in over the editor, keeps what was typed, and sends the save after signing in', async () => {
    const old = jwt('old', 3600);
    const fresh = jwt('new', 3600);
    signIn(old);
    const api = fakeApi({
      listCategories: () => ({ body: { data: [{ id: 1, category: 'SEO' }] } }),
      listAuthors: () => ({ body: { data: [{ id: 7, name: 'Asha Rao' }] } }),
      createPost: (req) =>
        req.headers.get('authorization') === bearer(fresh)
          ? {
              status: 201,
              body: {
                data: makePost({
                  title: req.body.title ?? '',
                  slug: req.body.slug ?? '',
                  content: req.body.content ?? '',
                }),
              },
            }
          : { status: 401, body: { error: 'revoked' } },
      refreshSession: () => ({ status: 401, body: { error: 'Your session has ended.' } }),
      login: (req) =>
        req.body.password === 'right'
          ? { body: { data: { username: 'Ada', email: 'admin@example.com', token: fresh } } }
          : { status: 401, body: { error: 'Incorrect e-mail or password.' } },
    });
    renderAdmin('/add-blog', { '/add-blog': <PostEditorPage /> });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Keep me' } });
    fireEvent.change(await screen.findByTestId('editor'), {
      target: { value: '<p>Every character, kept.</p>' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    // The editor is still there behind the dialog, with everything typed.
    expect(screen.getByLabelText('Title')).toHaveValue('Keep me');
    expect(screen.getByTestId('editor')).toHaveValue('<p>Every character, kept.</p>');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect e-mail');

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Success!' })).toHaveTextContent(
      'New blog added',
    );
    expect(screen.queryByRole('dialog', { name: 'Sign in to continue' })).toBeNull();
    const saves = api.calls('createPost');
    expect(saves).toHaveLength(2);
    expect(saves[1]?.headers.get('authorization')).toBe(bearer(fresh));
    expect(saves[1]?.body).toMatchObject({
      title: 'Keep me',
      slug: 'keep-me',
      content: '<p>Every character, kept.</p>',
    });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual({
      isAdminLoggedIn: true,
      name: 'Ada',
      email: 'admin@example.com',
      token: fresh,
    });
  });

  it('opens sign-in over the page when another tab signs out, instead of leaving it', async () => {
    signIn(jwt('old', 3600));
    fakeApi({
      getUserData: () => makeUserData(),
      listPosts: () => ({ body: pageBody([], 1, false) }),
    });
    renderAdmin('/admin', { '/admin': <AdminListPage /> });
    await screen.findByRole('button', { name: 'Logout' });
    act(() => {
      localStorage.removeItem(SESSION_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    });
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });
});
