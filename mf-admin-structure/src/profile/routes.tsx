import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '@agora/platform';

const ProfilePage = lazyPage(() => import('./ProfilePage'));

const ADMIN_SUFFIX = '/admin/administration';

/** The consultation-profile route (`<base>/profile`, base = `<basePath>/admin/administration`). */
export function profileRoutes(base: string): ReactElement[] {
  const basePath = base.endsWith(ADMIN_SUFFIX) ? base.slice(0, -ADMIN_SUFFIX.length) : '';
  return [<Route key="profile" path={`${base}/profile`} element={<ProfilePage basePath={basePath} />} />];
}
