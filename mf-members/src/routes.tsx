import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading, NotFound } from '@agora/platform';

const UsersPage = lazy(() => import('./users/UsersPage'));
const UserAddPage = lazy(() => import('./users/UserAddPage'));

/** The routes of the members remote (spec paths, mounted at `basePath`). */
export function MembersRoutes({ basePath }: { basePath: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path={`${basePath}/admin/users`} element={<UsersPage basePath={basePath} />} />
        <Route path={`${basePath}/admin/users/list`} element={<UsersPage basePath={basePath} />} />
        <Route path={`${basePath}/admin/users/list/role/:role`} element={<UsersPage basePath={basePath} />} />
        <Route
          path={`${basePath}/admin/users/list/status/:status`}
          element={<UsersPage basePath={basePath} />}
        />
        <Route
          path={`${basePath}/admin/users/list/role/:role/status/:status`}
          element={<UsersPage basePath={basePath} />}
        />
        <Route path={`${basePath}/admin/users/add`} element={<UserAddPage basePath={basePath} />} />
        <Route path="*" element={<NotFound homeHref={`${basePath}/admin/dashboard`} />} />
      </Routes>
    </Suspense>
  );
}
