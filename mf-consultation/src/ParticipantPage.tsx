import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading, PageHeader, useSession } from '@agora/platform';
import { isStaff } from '@agora/contracts';
import { loginHref } from './access';

/**
 * A page of the participant side that needs a participant: visitors go to /login (which brings them back here),
 * administrators to /admin/data (spec); others see the title and the content.
 */
export function ParticipantPage({
  basePath,
  title,
  children,
}: {
  basePath: string;
  title: ReactNode;
  children: ReactNode;
}) {
  const { user, status } = useSession();
  const { pathname } = useLocation();
  if (status === 'pending') return <Loading />;
  if (!user) return <Navigate to={loginHref(basePath, pathname)} replace />;
  if (isStaff(user.role)) return <Navigate to={`${basePath}/admin/data`} replace />;
  return (
    <section data-testid="mf-consultation-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={title} />
      {children}
    </section>
  );
}
