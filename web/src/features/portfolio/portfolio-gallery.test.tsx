import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PortfolioGallery } from './portfolio-gallery';

describe('PortfolioGallery', () => {
  it('shows every item first, filters by group and shows all again', async () => {
    const user = userEvent.setup();
    render(<PortfolioGallery />);
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

  it('opens a lightbox that locks scrolling and closes with Escape or its button', async () => {
    const user = userEvent.setup();
    render(<PortfolioGallery />);
    const opener = screen.getByRole('button', { name: 'Enlarge Keystone Locks Store' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Keystone Locks Store' });
    expect(within(dialog).getByRole('img')).toHaveAttribute(
      'src',
      '/assets/img/portfolio/work-2-large.svg',
    );
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
