import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CardTitle, EmptyState, ErrorFromCall, Loading } from '@agora/platform';
import { Card } from '../categories/Card';
import { ParticipantPage } from '../ParticipantPage';
import { categoryPath } from '../categories/cards';
import { useEnrollCategories } from '../categories/participation';
import { useEnrolDialog } from './useEnrolDialog';

function EnrollCards({ basePath, wanted }: { basePath: string; wanted: string | undefined }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { data, error, isLoading } = useEnrollCategories();
  // leaving the dialog of /enroll/category/{c} leaves its URL, so a reload does not ask again
  const { ask, dialog } = useEnrolDialog(basePath, () => {
    if (wanted) void navigate(`${basePath}/enroll`, { replace: true });
  });
  const opened = useRef(false);
  const direct = data?.values.find((c) => c.token === wanted?.toLowerCase() || c.mname === wanted);
  useEffect(() => {
    if (direct && !opened.current) {
      opened.current = true;
      ask(direct);
    }
  }, [direct, ask]);

  if (error) return <ErrorFromCall error={error} />;
  if (isLoading || !data) return <Loading />;
  if (data.values.length === 0) {
    return (
      <EmptyState>
        <FormattedMessage id="consultation.enroll.empty" />{' '}
        <Link to={`${basePath}/participate`}>
          <FormattedMessage id="consultation.front.participate" />
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="cons-cards" aria-label={intl.formatMessage({ id: 'consultation.enroll.list' })}>
        {data.values.map((category) => (
          <Card
            key={category.token}
            titleId={`enroll-${category.token}`}
            img={category.summary_img}
            alt={category.summary_img_alt}
            testId="enroll-card"
          >
            <CardTitle
              as="h2"
              id={`enroll-${category.token}`}
              title={category.title}
              href={categoryPath(basePath, category.mname)}
            />
            {category.summary && <p>{category.summary}</p>}
            <button
              type="button"
              className="ag-button ag-button-primary"
              onClick={() => ask(category)}
              aria-describedby={`enroll-${category.token}`}
              data-testid="enrol-button"
            >
              <FormattedMessage id="consultation.enrol.button" />
            </button>
          </Card>
        ))}
      </ul>
      {dialog}
    </>
  );
}

/**
 * /enroll and /enroll/category/{category}: the autosubscribe categories the participant has not joined, each with
 * an enrol button and its confirmation; with a category (token or short name), its confirmation opens at once.
 * Administrators go to /admin/data, visitors to /login.
 */
export default function EnrollPage({ basePath }: { basePath: string }) {
  const { category } = useParams();
  return (
    <ParticipantPage basePath={basePath} title={<FormattedMessage id="consultation.enroll.title" />}>
      <p>
        <FormattedMessage id="consultation.enroll.text" />
      </p>
      <EnrollCards basePath={basePath} wanted={category} />
    </ParticipantPage>
  );
}
