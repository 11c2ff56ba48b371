import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOCK_TYPES, type Field } from '@agency/shared';
import { FieldFormProvider, FieldsForm, type FieldFormScope } from './field-form';
import { makeMediaItem, makeUserData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const cardFields = (() => {
  const f = (BLOCK_TYPES.portfolioCarousel.fields as Readonly<Record<string, Field>>).items;
  if (f?.widget.kind !== 'list') throw new Error('no list');
  return f.widget.fields;
})();

const NEW = makeMediaItem({ filename: 'new-project.jpg', alt: 'The new shop on a phone' });
const OTHER = makeMediaItem({ filename: 'other.jpg' });

/** A portfolio card's form, as the page editor shows it; `latest` holds what it last emitted. */
function cardForm(initial: Record<string, unknown>) {
  const latest = { value: initial };
  const scope: FieldFormScope = {
    idOf: (p) => `f-${p.join('.')}`,
    errors: new Map(),
    announce: () => undefined,
  };
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <FieldFormProvider scope={scope}>
        <FieldsForm
          fields={cardFields}
          path={[]}
          value={value}
          onChange={(next) => {
            latest.value = next;
            setValue(next);
          }}
        />
      </FieldFormProvider>
    );
  }
  return { latest, element: <Harness /> };
}

describe('the media picker of the page editor', () => {
  it('is a modal dialog: focus inside, Escape closes it and the focus returns; it searches on the server and pages', async () => {
    signIn();
    const api = fakeApi({
      getUserData: () => makeUserData({ name: 'admin', email: 'admin@example.com' }),
      listMedia: (req) => ({
        body: {
          results: req.url.searchParams.get('q') ? [OTHER] : [NEW, OTHER],
          next: '/api/user/media/list?page=2',
          previous: null,
        },
      }),
    });
    const { element } = cardForm({
      thumb: '/assets/old.webp',
      large: '/assets/old.webp',
      alt: 'x',
    });
    renderAdmin('/form', { '/form': element });
    const open = screen.getAllByRole('button', { name: 'Choose from library' })[0];
    if (!open) throw new Error('no button');
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: /card image/i });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await within(dialog).findByText('new-project.jpg');
    expect(
      within(dialog).getByRole('navigation', { name: 'Pages of the media library' }),
    ).toBeInTheDocument();

    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search the library' }), {
      target: { value: 'other' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('listMedia').at(-1)?.url.searchParams.get('q')).toBe('other'),
    );
    await waitFor(() => expect(within(dialog).queryByText('new-project.jpg')).toBeNull());

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
  });

  it('gives a portfolio card the chosen image’s library description, replacing the old image’s', async () => {
    signIn();
    fakeApi({
      getUserData: () => makeUserData({ name: 'admin', email: 'admin@example.com' }),
      listMedia: () => ({ body: { results: [NEW, OTHER], next: null, previous: null } }),
    });
    const { latest, element } = cardForm({
      thumb: '/assets/old.webp',
      large: '/assets/old.webp',
      alt: 'The old project',
    });
    renderAdmin('/form', { '/form': element });
    const [thumbButton, largeButton] = screen.getAllByRole('button', {
      name: 'Choose from library',
    });
    if (!thumbButton || !largeButton) throw new Error('no buttons');
    fireEvent.click(thumbButton);
    fireEvent.click(await screen.findByRole('button', { name: /new-project\.jpg/ }));
    expect(latest.value).toMatchObject({ thumb: NEW.src, alt: 'The new shop on a phone' });
    expect(screen.getByDisplayValue('The new shop on a phone')).toBeInTheDocument();

    // The block's own words, then the same image for the lightbox: the words stay.
    fireEvent.change(screen.getByDisplayValue('The new shop on a phone'), {
      target: { value: 'Our own words' },
    });
    fireEvent.click(largeButton);
    fireEvent.click(await screen.findByRole('button', { name: /new-project\.jpg/ }));
    expect(latest.value).toMatchObject({ thumb: NEW.src, large: NEW.src, alt: 'Our own words' });
  });
});
