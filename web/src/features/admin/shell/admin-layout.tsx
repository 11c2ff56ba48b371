import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { mayUse, type OperationName, type UserData } from '@agency/shared';
import { pagePath, pageForPath, pages, type PageEntry, type PageKey } from '../../../config/pages';
import { RequireAdmin } from './require-admin';
import { displayName, useSession } from './session';
import { useLogout } from './use-admin-api';
import { useUserData } from './use-user-data';
import { AdminStyles } from '../ui/admin-styles';

// The enrolment (with its QR code library) loads only for the person who must enrol.
const TwoFactorSetup = lazy(() =>
  import('./two-factor').then((m) => ({ default: m.TwoFactorSetup })),
);

/** The admin navigation in order; each link shows only to roles that may use its page's operation. */
const NAV: readonly { page: PageKey; label: string; end?: true }[] = [
  { page: 'dashboard', label: 'Dashboard' },
  { page: 'analytics', label: 'Analytics' },
  { page: 'adminList', label: 'Posts', end: true },
  { page: 'pageList', label: 'Pages', end: true },
  { page: 'leads', label: 'Leads' },
  { page: 'taxonomy', label: 'Categories & authors' },
  { page: 'media', label: 'Media' },
  { page: 'redirects', label: 'Redirects' },
  { page: 'siteSettings', label: 'Site settings' },
  { page: 'postEditor', label: 'Add blog' },
  { page: 'team', label: 'Team' },
  { page: 'audit', label: 'Audit trail' },
];

const operationOf = (page: PageKey | undefined): OperationName | undefined => {
  const entry: PageEntry | undefined = page ? pages[page] : undefined;
  return entry?.operation;
};

/**
 * Whether the signed-in person may open a page (the frame asks once the API has said who it is);
 * if it could not say (an outage, `user` undefined), every page opens and the API decides.
 */
function mayOpen(user: UserData | undefined, page: PageKey | undefined): boolean {
  const operation = operationOf(page);
  return !user || !operation || mayUse(user.groups, operation);
}

function AdminHeader({ user, nav = true }: { user: UserData | undefined; nav?: boolean }) {
  const session = useSession();
  const logout = useLogout();
  const name = user ? displayName(user.name, user.email) : session?.name;
  return (
    <header className="admin-header">
      {nav ? (
        <nav aria-label="Admin">
          <ul>
            {NAV.filter((item) => mayOpen(user, item.page)).map((item) => (
              <li key={item.page}>
                <NavLink to={pagePath(item.page)} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <span className="admin-header__brand">Agency admin</span>
      )}
      <div className="admin-header__user">
        {name &&
          (nav ? (
            <Link
              to={pagePath('account')}
              className="admin-header__name"
              title={`${name}: your account`}
            >
              {name}
              <span className="visually-hidden">: your account</span>
            </Link>
          ) : (
            <span className="admin-header__name" title={name}>
              {name}
            </span>
          ))}
        <button type="button" className="btn btn--outline" onClick={logout}>
          Logout
        </button>
      </div>
    </header>
  );
}

/**
 * The stage requires two-factor sign-in and this account has not enrolled: the API answers nothing
 * else until it does, so the admin shows only the enrolment (and Logout).
 */
function RequiredEnrolment({ onEnabled }: { onEnabled: () => void }) {
  return (
    <div className="admin">
      <AdminHeader user={undefined} nav={false} />
      <div className="admin__title-row">
        <h1>Set up two-factor sign-in</h1>
      </div>
      <section className="account-section">
        <p>
          This admin requires two-factor sign-in for every account, because whoever signs in can
          change the public site and read every enquiry. Set up an authenticator app to continue;
          the admin opens as soon as it is on.
        </p>
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>
          <TwoFactorSetup onEnabled={onEnabled} />
        </Suspense>
      </section>
    </div>
  );
}

function AdminFrame({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { user, settled, refresh } = useUserData();
  const page = pageForPath(useLocation().pathname);
  // Every page waits for who is signed in (once per admin session: SWR keeps the answer), so it
  // never shows a role its refusals, nor calls the API for an account that must enrol first (a
  // refused call, and a `denied` line in the audit trail, at every new member's first sign-in).
  if (!settled)
    return (
      <div className="admin">
        <p aria-busy="true">Loading…</p>
      </div>
    );
  if (user?.mfa_required) return <RequiredEnrolment onEnabled={() => void refresh()} />;
  const allowed = mayOpen(user, page);
  return (
    <div className="admin">
      <AdminHeader user={user} />
      <div className="admin__title-row">
        <h1>{title}</h1>
        {allowed && actions}
      </div>
      {allowed ? (
        children
      ) : (
        <div className="admin-status admin-status--error" role="alert">
          <p>
            Your role ({user?.role ?? 'none'}) does not include {title}. Ask an admin of the team if
            you need it.
          </p>
          <p>
            <Link to={pagePath('adminList')}>Go to the posts</Link>
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * Frame of every admin page: the session guard, the admin navigation (only what the role may use)
 * with the person's name and Logout, and the page, or why the role cannot open it. An account that
 * must enrol two-factor sign-in first sees only that.
 */
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
        <AdminFrame title={title} actions={actions}>
          {children}
        </AdminFrame>
      </RequireAdmin>
    </>
  );
}
