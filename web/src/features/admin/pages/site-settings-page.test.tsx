import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SiteSettingsPage from './site-settings-page';
import { SEED_SITE_SETTINGS } from '../../../content/site-settings';
import { makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi, type FakeHandler } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const STORED = {
  settings: SEED_SITE_SETTINGS,
  version: 7,
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'ada@example.com',
};

function renderSettings(handlers: Record<string, FakeHandler> = {}) {
  signIn();
  const api = fakeApi({
    getUserData: () => makeUserData(),
    getSiteSettings: () => ({ body: { data: STORED } }),
    updateSiteSettings: (req) => ({
      body: {
        message: 'The settings are published.',
        data: {
          ...STORED,
          settings: (req.json as { settings: unknown }).settings,
          version: STORED.version + 1,
        },
      },
    }),
    ...handlers,
  });
  renderAdmin('/admin/pages/settings', { '/admin/pages/settings': <SiteSettingsPage /> });
  return api;
}

describe('site settings', () => {
  it('sends a change with the version it was loaded at', async () => {
    const user = userEvent.setup();
    const api = renderSettings();
    const name = await screen.findByLabelText('Agency name');
    await user.clear(name);
    await user.type(name, 'Alchem Studio');
    await user.click(screen.getByRole('button', { name: 'Save & publish' }));
    expect(await screen.findByText('The settings are published.')).toBeInTheDocument();
    const [save] = api.calls('updateSiteSettings');
    expect(save?.json).toMatchObject({
      // Numbers travel as the page editor's do; the contract reads them with z.coerce.
      version: '7',
      settings: { ...SEED_SITE_SETTINGS, name: 'Alchem Studio' },
    });
  });

  it('a 409 says someone else changed them and offers to reload the latest version', async () => {
    const user = userEvent.setup();
    const api = renderSettings({
      updateSiteSettings: () => ({
        status: 409,
        body: {
          error: 'version: the settings changed since you opened them',
          field: 'version',
          code: 'stale',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save & publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Someone else changed the settings after you opened them, so yours were not saved.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() => expect(api.calls('getSiteSettings')).toHaveLength(2));
  });

  it('a 400 that names a field shows at that field, which takes the focus', async () => {
    const user = userEvent.setup();
    renderSettings({
      updateSiteSettings: () => ({
        status: 400,
        body: {
          error: 'settings.offices.0.phone: must be a phone number',
          field: 'settings.offices.0.phone',
          code: 'invalid',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save & publish' }));
    const [first, second] = screen.getAllByLabelText('Phone');
    if (!first || !second) throw new Error('no phone of the two offices');
    await waitFor(() => expect(first).toHaveAttribute('aria-invalid', 'true'));
    expect(first).toHaveAccessibleDescription(expect.stringMatching(/must be a phone number/i));
    await waitFor(() => expect(first).toHaveFocus());
    expect(second).not.toHaveAttribute('aria-invalid');
  });
});
