import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';
import type { SiteTextsAnswer } from '@agora/contracts/api';
import { Loading, PageHeader, useApiGet, useSession, useSettings } from '@agora/platform';
import { isStaff } from '@agora/contracts';
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

type FrontText = SiteTextsAnswer['el'];

/**
 * The front page texts an administrator wrote (settings scope frontpage) in `locale`, else in the other locale;
 * each of title and body falls back on its own, and an empty one leaves the default text.
 */
export function frontTextFor(texts: SiteTextsAnswer | undefined, locale: string): FrontText {
  if (!texts) return { title: '', body: '' };
  const [first, second] = locale === 'en' ? [texts.en, texts.el] : [texts.el, texts.en];
  const pick = (k: keyof FrontText) => (first[k].trim() ? first[k] : second[k].trim() ? second[k] : '');
  return { title: pick('title'), body: pick('body') };
}

/**
 * `/`: the front page for participants and visitors; administrators go to the dashboard (spec). Its title and
 * lead text are the ones set in the settings (/admin/settings/frontpage) when there are any; the body is HTML
 * sanitised by the server.
 */
export default function FrontPage({ basePath }: { basePath: string }) {
  const { user, status } = useSession();
  const { locale } = useIntl();
  const admin = Boolean(user && isStaff(user.role));
  const { data } = useApiGet('/api/settings/scope/frontpage', status === 'pending' || admin ? null : {});
  if (status === 'pending') return <Loading />;
  if (admin) return <Navigate to={`${basePath}/admin/dashboard`} replace />;
  const text = frontTextFor(data as SiteTextsAnswer | undefined, locale);
  return (
    <section className="cons-front" data-testid="mf-consultation-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={text.title || <FormattedMessage id="consultation.front.title" />} />
      {text.body ? (
        <div
          className="cons-front-lead cons-front-text"
          data-testid="front-text"
          dangerouslySetInnerHTML={{ __html: text.body }}
        />
      ) : (
        <p className="cons-front-lead">
          <FormattedMessage id="consultation.front.text" />
        </p>
      )}
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
