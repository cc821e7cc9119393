import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';
import { Loading, PageHeader, useSession } from '@agora/platform';
import { isAdministrator } from '../access';

/** `/`: the front page for participants and visitors; administrators go to the dashboard (spec). */
export default function FrontPage({ basePath }: { basePath: string }) {
  const { user, status } = useSession();
  if (status === 'pending') return <Loading />;
  if (user && isAdministrator(user.role)) return <Navigate to={`${basePath}/admin/dashboard`} replace />;
  return (
    <section data-testid="mf-consultation-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={<FormattedMessage id="consultation.front.title" />} />
      <p>
        <FormattedMessage id="consultation.front.text" />
      </p>
      <p>
        {user ? (
          <Link to={`${basePath}/participate`}>
            <FormattedMessage id="consultation.front.participate" />
          </Link>
        ) : (
          <Link to={`${basePath}/login`}>
            <FormattedMessage id="consultation.front.login" />
          </Link>
        )}
      </p>
    </section>
  );
}
