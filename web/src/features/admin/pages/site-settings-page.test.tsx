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

  it('after a 409, applies my change onto theirs: their tagline and my name are both sent', async () => {
    const user = userEvent.setup();
    let theirs: typeof STORED | null = null;
    const api = renderSettings({
      getSiteSettings: () => ({ body: { data: theirs ?? STORED } }),
      updateSiteSettings: (req) => {
        const body = req.json as { settings: unknown; version: string };
        if (body.version === '7')
          return {
            status: 409,
            body: {
              error: 'version: the settings changed since you opened them',
              field: 'version',
              code: 'stale',
            },
          };
        return {
          body: {
            message: 'The settings are published.',
            data: { ...STORED, settings: body.settings, version: 9 },
          },
        };
      },
    });
    const name = await screen.findByLabelText('Agency name');
    await user.clear(name);
    await user.type(name, 'Alchem Studio');
    // Someone else saves a new tagline meanwhile.
    theirs = {
      ...STORED,
      version: 8,
      settings: { ...SEED_SITE_SETTINGS, tagline: 'Their new tagline' },
    };
    await user.click(screen.getByRole('button', { name: 'Save & publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Someone else changed the settings after you opened them, so yours were not saved.',
    );
    await user.click(
      within(alert).getByRole('button', { name: 'Apply my changes to the latest version' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Tagline')).toHaveValue('Their new tagline'));
    expect(screen.getByLabelText('Agency name')).toHaveValue('Alchem Studio');
    await user.click(screen.getByRole('button', { name: 'Save & publish' }));
    expect(await screen.findByText('The settings are published.')).toBeInTheDocument();
    expect(api.calls('updateSiteSettings')[1]?.json).toMatchObject({
      version: '8',
      settings: { ...SEED_SITE_SETTINGS, name: 'Alchem Studio', tagline: 'Their new tagline' },
    });
  });

  it('after a 409 on a field both changed, shows both values and sends the one chosen', async () => {
    const user = userEvent.setup();
    let version = 7;
    const api = renderSettings({
      getSiteSettings: () => ({
        body: {
          data:
            version === 7
              ? STORED
              : { ...STORED, version: 8, settings: { ...SEED_SITE_SETTINGS, name: 'Their Name' } },
        },
      }),
      updateSiteSettings: (req) => {
        const body = req.json as { settings: unknown; version: string };
        if (body.version === '7')
          return {
            status: 409,
            body: { error: 'version: stale', field: 'version', code: 'stale' },
          };
        return {
          body: { message: 'The settings are published.', data: { ...STORED, version: 9 } },
        };
      },
    });
    const name = await screen.findByLabelText('Agency name');
    await user.clear(name);
    await user.type(name, 'My Name');
    version = 8;
    await user.click(screen.getByRole('button', { name: 'Save & publish' }));
    const alert = await screen.findByRole('alert');
    await user.click(
      within(alert).getByRole('button', { name: 'Apply my changes to the latest version' }),
    );
    const field = await screen.findByRole('group', { name: 'Agency name' });
    expect(field).toHaveTextContent('Keep mine');
    expect(field).toHaveTextContent('My Name');
    expect(field).toHaveTextContent('Keep theirs');
    expect(field).toHaveTextContent('Their Name');
    await user.click(within(field).getByRole('radio', { name: /Keep mine/ }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('Agency name')).toHaveValue('My Name');
    await user.click(screen.getByRole('button', { name: 'Save & publish' }));
    expect(await screen.findByText('The settings are published.')).toBeInTheDocument();
    expect(api.calls('updateSiteSettings')[1]?.json).toMatchObject({
      version: '8',
      settings: { name: 'My Name' },
    });
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

  it('warns at a link to no page of the site, naming it, and still saves', async () => {
    const user = userEvent.setup();
    const settings = structuredClone(SEED_SITE_SETTINGS);
    const about = settings.navBefore[1];
    if (!about) throw new Error('no second link');
    about.href = '/carrers';
    const api = renderSettings({
      getSiteSettings: () => ({ body: { data: { ...STORED, settings } } }),
      checkPageLinks: (req) => ({
        body: {
          data: (req.json as { links: string[] }).links
            .filter((l) => l === '/carrers')
            .map((link) => ({ link, problem: `there is no page, post or redirect at ${link}` })),
        },
      }),
    });
    const warning = await screen.findByText(
      'This link leads nowhere: there is no page, post or redirect at /carrers.',
      {},
      { timeout: 3000 },
    );
    const field = screen.getByDisplayValue('/carrers');
    expect(field.getAttribute('aria-describedby')).toContain(warning.id);
    expect(screen.getAllByText(/This link leads nowhere/)).toHaveLength(1);
    const [check] = api.calls('checkPageLinks');
    expect((check?.json as { links: string[] }).links).toEqual(
      expect.arrayContaining(['/carrers', '/']),
    );
    await user.click(screen.getByRole('button', { name: 'Save & publish' }));
    expect(await screen.findByText('The settings are published.')).toBeInTheDocument();
  });
});
