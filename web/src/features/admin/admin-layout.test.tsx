import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminLayout } from './admin-layout';
import { SESSION_KEY } from './session';
import { renderAdmin } from './testing';

const store = (name: string) =>
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({ isAdminLoggedIn: true, name, email: 'ada@example.com', token: 't' }),
  );

const renderLayout = () =>
  renderAdmin('/admin', {
    '/admin': (
      <AdminLayout title="Blog posts">
        <p>Page</p>
      </AdminLayout>
    ),
  });

describe('admin bar', () => {
  it('shows the person’s name beside Logout', () => {
    store('Ada Lovelace');
    renderLayout();
    const name = screen.getByText('Ada Lovelace');
    expect(name).toHaveAttribute('title', 'Ada Lovelace');
    expect(name.parentElement).toContainElement(screen.getByRole('button', { name: 'Logout' }));
  });

  it('shows the e-mail, never the user id, for a session stored with the id as its name', () => {
    store('1405ac17-5b1c-4a8e-9f0e-2d3c4b5a6978');
    renderLayout();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/1405ac17/)).not.toBeInTheDocument();
  });

  it('leads the admin navigation with the dashboard, the posts one click away', () => {
    store('Ada');
    renderLayout();
    const links = within(screen.getByRole('navigation', { name: 'Admin' })).getAllByRole('link');
    expect(links.slice(0, 3).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Posts', '/admin'],
      ['Leads', '/admin/leads'],
    ]);
  });
});
