import { Link, Navigate, useParams } from 'react-router-dom';
import {
  ApiError,
  ErrorState,
  Loading,
  NotFound,
  ResultsMailCheckbox,
  useApiGet,
  useSession,
} from '@agora/platform';
import { FormattedMessage } from 'react-intl';
import { errorMessageId } from '@agora/platform';
import { isStaff } from '@agora/contracts';
import { dataProjectPath } from '../data/paths';
import { resultsArePublic, resultsPath } from '../results/results';
import { ShareWidget } from '../share';
import { Reactions } from '@agora/library-ui';
import { QUESTIONNAIRE_PATH, questionnaireInit } from './ahead';
import { QuestionnaireScreen } from './QuestionnaireScreen';

/** Whether a failed load sends the user to the category page (unknown category, not enrolled). */
export function toCategoryPage(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    ((error.status === 404 && error.code === 'CONSULTATION.CATEGORY_NOT_FOUND') ||
      (error.status === 403 && error.code === 'CONSULTATION.NOT_ENROLLED'))
  );
}

/**
 * What a failed load of the questionnaire shows: an unknown category or a missing enrolment goes to the category
 * page (`categoryHref`), an unknown project is the 404 page, any other failure the error page with its status.
 */
export function QuestionnaireFailure({
  error,
  basePath,
  categoryHref,
}: {
  error: ApiError;
  basePath: string;
  categoryHref: string;
}) {
  if (toCategoryPage(error)) return <Navigate to={categoryHref} replace />;
  if (error.status === 404) return <NotFound homeHref={`${basePath}/`} />;
  return <ErrorState status={error.status} message={<FormattedMessage id={errorMessageId(error)} />} />;
}

/**
 * /participate/category/:category/project/:project: the questionnaire (spec part 2 §2, §4). Staff go to the
 * admin data page, visitors to the login page; an unknown category or a missing enrolment goes to the category
 * page, an unknown project is the 404 page, any other failure the error page with its status. The screen shows
 * once its one answer has loaded.
 */
export default function QuestionnairePage({ basePath }: { basePath: string }) {
  const params = useParams();
  const category = params.category ?? '';
  const project = params.project ?? '';
  const { user, status } = useSession();
  const staff = isStaff(user?.role);
  const { data, error, mutate } = useApiGet(
    QUESTIONNAIRE_PATH,
    status === 'loggedIn' && user && !staff ? questionnaireInit(category, project) : null,
    { revalidateOnFocus: false },
  );
  if (status === 'pending') return <Loading />;
  if (!user) return <Navigate to={`${basePath}/login`} replace />;
  if (staff) return <Navigate to={dataProjectPath(basePath, category, project)} replace />;
  if (error)
    return (
      <QuestionnaireFailure
        error={error}
        basePath={basePath}
        categoryHref={`${basePath}/participate/category/${encodeURIComponent(category)}`}
      />
    );
  if (!data) return <Loading />;
  return (
    <QuestionnaireScreen
      data={data}
      basePath={basePath}
      reload={() => void mutate()}
      share={
        <>
          {resultsArePublic(data.project, data.today) ? (
            <p>
              <Link
                className="ag-button"
                to={resultsPath(basePath, category, project)}
                data-testid="questionnaire-results"
              >
                <FormattedMessage id="consultation.results.link" />
              </Link>
            </p>
          ) : (
            // before the results are public: the participant may ask to be told (decision 0090)
            <div data-testid="questionnaire-results-mail">
              <ResultsMailCheckbox id="questionnaire-results-mail" />
            </div>
          )}
          <ShareWidget title={data.project.title} />
        </>
      }
      reactions={(choice) => <Reactions scope="choice" token={choice} />}
    />
  );
}
