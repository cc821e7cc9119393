import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyPage, Loading, NotFound } from '@agora/platform';

const UsersPage = lazyPage(() => import('./users/UsersPage'));
const UserAddPage = lazyPage(() => import('./users/UserAddPage'));
const MembersPage = lazyPage(() => import('./members/MembersPage'));
const EnrollPage = lazyPage(() => import('./members/EnrollPage'));
const MailTemplatesPage = lazyPage(() => import('./templates/MailTemplatesPage'));
const InvitationsPage = lazyPage(() => import('./invitations/InvitationsPage'));
const AuditPage = lazyPage(() => import('./audit/AuditPage'));
const DataRequestsPage = lazyPage(() => import('./requests/DataRequestsPage'));

/** The routes of the members remote (spec paths under `basePath`): what `<Routes>` and `preload` match. */
export function membersRoutes(basePath: string): ReactNode {
  return (
    <>
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
      <Route path={`${basePath}/admin/users/requests`} element={<DataRequestsPage basePath={basePath} />} />
      <Route
        path={`${basePath}/admin/administration/members`}
        element={<MembersPage basePath={basePath} />}
      />
      <Route
        path={`${basePath}/admin/administration/members/:role`}
        element={<MembersPage basePath={basePath} />}
      />
      <Route path={`${basePath}/admin/administration/enroll`} element={<EnrollPage basePath={basePath} />} />
      <Route
        path={`${basePath}/admin/administration/enroll/:role`}
        element={<EnrollPage basePath={basePath} />}
      />
      <Route
        path={`${basePath}/admin/settings/templates`}
        element={<MailTemplatesPage basePath={basePath} />}
      />
      <Route
        path={`${basePath}/admin/settings/templates/:template`}
        element={<MailTemplatesPage basePath={basePath} />}
      />
      <Route
        path={`${basePath}/admin/administration/invitations`}
        element={<InvitationsPage basePath={basePath} />}
      />
      <Route path={`${basePath}/admin/audit`} element={<AuditPage />} />
      <Route path="*" element={<NotFound homeHref={`${basePath}/admin/dashboard`} />} />
    </>
  );
}

/** The routes of the members remote (spec paths, mounted at `basePath`). */
export function MembersRoutes({ basePath }: { basePath: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>{membersRoutes(basePath)}</Routes>
    </Suspense>
  );
}
