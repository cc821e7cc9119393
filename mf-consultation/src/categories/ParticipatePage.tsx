import { FormattedMessage } from 'react-intl';
import { Navigate } from 'react-router-dom';
import { Loading, PageHeader, useSession } from '@agora/platform';
import { isAdministrator } from '../access';
import { CategoryList } from './CategoryList';

/** /participate: the participant's categories. Administrators go to /admin/data, visitors to /login (spec). */
export default function ParticipatePage({ basePath }: { basePath: string }) {
  const { user, status } = useSession();
  if (status === 'pending') return <Loading />;
  if (!user) return <Navigate to={`${basePath}/login`} replace />;
  if (isAdministrator(user.role)) return <Navigate to={`${basePath}/admin/data`} replace />;
  return (
    <section data-testid="mf-consultation-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={<FormattedMessage id="consultation.participate.title" />} />
      <CategoryList />
    </section>
  );
}
