import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { SESSION_KEY } from './session';

/** Store a signed-in admin session the way login does. */
export function signIn(token = 'tok-123'): void {
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({ isAdminLoggedIn: true, name: 'admin', email: 'admin@example.com', token }),
  );
}

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** Render admin routes at `path` in a fresh SWR cache; every other admin route renders a marker. */
export function renderAdmin(path: string, routes: Record<string, ReactElement>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([p, el]) => (
            <Route key={p} path={p} element={el} />
          ))}
          {!routes['/creative-login'] && (
            <Route path="/creative-login" element={<h1>Login screen</h1>} />
          )}
          {!routes['/admin'] && <Route path="/admin" element={<h1>Admin list screen</h1>} />}
        </Routes>
        <Where />
      </MemoryRouter>
    </SWRConfig>,
  );
}
