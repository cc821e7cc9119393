import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isStaff, mayOpen } from '@agora/contracts';
import { ForbiddenPage, Loading, useSession } from '@agora/platform';

/** Logged-out visitors go to /login (remembering where they were); while the session loads, a spinner. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'pending') return <Loading />;
  if (status === 'loggedOut') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Admin routes: logged-out visitors go to /login, participants (below reviewer) to the front page. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const location = useLocation();
  if (status === 'pending') return <Loading />;
  if (status === 'loggedOut' || !user)
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!isStaff(user.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * An admin route, gated by the permission matrix (`@agora/contracts`): logged-out visitors go to /login,
 * participants to the front page, and staff whose role may not use the route see the one "no permission" page.
 */
export function RequirePage({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  return <RequireStaff>{user && !mayOpen(user.role, pathname) ? <ForbiddenPage /> : children}</RequireStaff>;
}
