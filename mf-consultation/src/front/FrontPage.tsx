import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';
import { Loading, PageHeader, useSession, useSettings } from '@agora/platform';
import { isAdministrator } from '../access';
import './front.css';

const STEPS = ['enrol', 'answer', 'see'] as const;

/** The next step of the visitor: log in (or sign up), join a first category, or go on in their categories. */
function NextStep({ basePath }: { basePath: string }) {
  const { user } = useSession();
  const { settings } = useSettings();
  if (!user) {
    return (
      <div className="cons-front-actions" data-testid="front-next">
        <Link className="ag-button ag-button-primary" to={`${basePath}/login`}>
          <FormattedMessage id="consultation.front.login" />
        </Link>
        {settings.registration && (
          <Link className="ag-button" to={`${basePath}/register`}>
            <FormattedMessage id="consultation.front.register" />
          </Link>
        )}
      </div>
    );
  }
  const enrolled = (user.enrolments?.length ?? 0) > 0;
  return (
    <div className="cons-front-actions" data-testid="front-next">
      <p className="cons-front-hello">
        <FormattedMessage
          id={enrolled ? 'consultation.front.helloEnrolled' : 'consultation.front.helloNew'}
          values={{ name: user.firstname || user.username }}
        />
      </p>
      <Link className="ag-button ag-button-primary" to={`${basePath}/${enrolled ? 'participate' : 'enroll'}`}>
        <FormattedMessage id={enrolled ? 'consultation.front.participate' : 'consultation.front.enroll'} />
      </Link>
      {enrolled && (
        <Link className="ag-button" to={`${basePath}/enroll`}>
          <FormattedMessage id="consultation.front.more" />
        </Link>
      )}
    </div>
  );
}

/** `/`: the front page for participants and visitors; administrators go to the dashboard (spec). */
export default function FrontPage({ basePath }: { basePath: string }) {
  const { user, status } = useSession();
  if (status === 'pending') return <Loading />;
  if (user && isAdministrator(user.role)) return <Navigate to={`${basePath}/admin/dashboard`} replace />;
  return (
    <section className="cons-front" data-testid="mf-consultation-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={<FormattedMessage id="consultation.front.title" />} />
      <p className="cons-front-lead">
        <FormattedMessage id="consultation.front.text" />
      </p>
      <NextStep basePath={basePath} />
      <h2>
        <FormattedMessage id="consultation.front.how" />
      </h2>
      <ol className="cons-front-steps">
        {STEPS.map((step) => (
          <li key={step}>
            <h3>
              <FormattedMessage id={`consultation.front.step.${step}.title`} />
            </h3>
            <p>
              <FormattedMessage id={`consultation.front.step.${step}.text`} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
