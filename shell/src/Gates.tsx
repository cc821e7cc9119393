import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading, useSession } from '@agora/platform';
import { isStaff } from './access';

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

/** Admin-only pages (settings): others are sent like RequireStaff does, staff below admin to the dashboard. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const location = useLocation();
  if (status === 'pending') return <Loading />;
  if (status === 'loggedOut' || !user)
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (user.role !== 'admin') return <Navigate to={isStaff(user.role) ? '/admin/dashboard' : '/'} replace />;
  return <>{children}</>;
}
