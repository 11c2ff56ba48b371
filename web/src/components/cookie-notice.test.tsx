import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COOKIE_FLAG, CookieNotice } from './cookie-notice';

describe('CookieNotice', () => {
  it('says cookies only count blog views and hides for good after OK', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<CookieNotice />);
    const notice = screen.getByRole('region', { name: 'Cookie notice' });
    expect(notice).toHaveTextContent(/Cookies here only count blog post views/);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(localStorage.getItem(COOKIE_FLAG)).toBe('true');
    unmount();

    render(<CookieNotice />);
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
  });

  it('shows again in a browser that never pressed OK', () => {
    render(<CookieNotice />);
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toBeInTheDocument();
  });
});
