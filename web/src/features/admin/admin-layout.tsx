import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { pagePath } from '../../config/pages';
import { RequireAdmin } from './require-admin';
import { useSession } from './session';
import { useLogout } from './use-admin-api';
import { AdminStyles } from './admin-styles';

function AdminHeader() {
  const session = useSession();
  const logout = useLogout();
  return (
    <header className="admin-header">
      <nav aria-label="Admin">
        <ul>
          <li>
            <NavLink to={pagePath('dashboard')}>Dashboard</NavLink>
          </li>
          <li>
            <NavLink to={pagePath('adminList')} end>
              Posts
            </NavLink>
          </li>
          <li>
            <NavLink to={pagePath('leads')}>Leads</NavLink>
          </li>
          <li>
            <NavLink to={pagePath('taxonomy')}>Categories &amp; authors</NavLink>
          </li>
          <li>
            <NavLink to={pagePath('media')}>Media</NavLink>
          </li>
          <li>
            <NavLink to={pagePath('postEditor')}>Add blog</NavLink>
          </li>
        </ul>
      </nav>
      <div className="admin-header__user">
        {session && (
          <span className="admin-header__name" title={session.name}>
            {session.name}
          </span>
        )}
        <button type="button" className="btn btn--outline" onClick={logout}>
          Logout
        </button>
      </div>
    </header>
  );
}

/** Frame of every admin page: the session guard, the admin navigation with Logout, and the page. */
export function AdminLayout({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <AdminStyles />
      <RequireAdmin>
        <div className="admin">
          <AdminHeader />
          <div className="admin__title-row">
            <h1>{title}</h1>
            {actions}
          </div>
          {children}
        </div>
      </RequireAdmin>
    </>
  );
}
