import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BlockOf } from '@agency/shared';
import { portfolioPage } from '../../content/pages/portfolio';
import { PortfolioGallery } from './portfolio-gallery';

const gallery = portfolioPage.blocks.find(
  (b): b is BlockOf<'portfolioGallery'> => b.type === 'portfolioGallery',
);
if (!gallery) throw new Error('the seeded portfolio has a gallery');
const seeded = (
  <PortfolioGallery filters={gallery.filters} items={gallery.items} emptyText={gallery.emptyText} />
);

describe('PortfolioGallery', () => {
  it('shows every item first, filters by group and shows all again', async () => {
    const user = userEvent.setup();
    render(seeded);
    const names = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names()).toEqual([
      'Greenleaf Herbals',
      'Keystone Locks Store',
      'DentPath Admissions Portal',
    ]);

    await user.click(screen.getByRole('button', { name: 'web applications' }));
    expect(names()).toEqual(['DentPath Admissions Portal']);
    expect(screen.getByRole('button', { name: 'web applications' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'websites' }));
    expect(names()).toEqual(['Greenleaf Herbals', 'Keystone Locks Store']);

    await user.click(screen.getByRole('button', { name: 'branding' }));
    expect(names()).toEqual([]);
    expect(screen.getByText(/No projects in this group/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(names()).toHaveLength(3);
  });

  it('shows each project as its own mock-up (a bitmap as wide as the card), described and sized, the first one fetched first', () => {
    render(seeded);
    const thumbs = screen.getAllByRole('img');
    expect(thumbs.map((img) => img.getAttribute('src'))).toEqual([
      expect.stringMatching(/greenleaf-herbals-600\.webp/),
      expect.stringMatching(/keystone-locks-600\.webp/),
      expect.stringMatching(/dentpath-portal-600\.webp/),
    ]);
    for (const img of thumbs) {
      expect(img.getAttribute('alt')?.length).toBeGreaterThan(40);
      expect(img).toHaveAttribute('width', '600');
      expect(img).toHaveAttribute('height', '420');
    }
    expect(thumbs.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(thumbs[0]).toHaveAttribute('fetchpriority', 'high');
  });

  it('opens a lightbox that locks scrolling and closes with Escape or its button', async () => {
    const user = userEvent.setup();
    render(seeded);
    const opener = screen.getByRole('button', { name: 'Enlarge Keystone Locks Store' });
    await user.click(opener);
    // Its code loads as the pointer reaches the project (before the click); shown once it is there.
    const dialog = await screen.findByRole('dialog', { name: 'Keystone Locks Store' });
    const image = within(dialog).getByRole('img', { name: /Keystone Locks online store/ });
    expect(image.getAttribute('src')).toMatch(/keystone-locks-1200\.webp/);
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '840');
    expect(document.body.style.overflow).toBe('hidden');
    // Over the whole page: its backdrop is <body>'s, outside the section that contains its paint.
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus(),
    );
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
