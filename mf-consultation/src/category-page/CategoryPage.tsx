import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ApiError, ErrorFromCall, Loading, NotFound, PageHeader, useSession } from '@agora/platform';
import { loginHref } from '../access';
import { questionnairePath } from '../categories/cards';
import { useCategoryPage } from '../categories/participation';
import { ProjectCards } from '../categories/ProjectCards';
import { resultsArePublic, resultsPath, todayText } from '../results/results';
import { useEnrolDialog } from '../enrol/useEnrolDialog';
import { ShareWidget } from '../share';
import '../categories/categories.css';

/** What the visitor can do here: enrol (button), log in first (link back here), or nothing (already enrolled). */
function EnrolAction({
  basePath,
  canEnrol,
  open,
  onEnrol,
}: {
  basePath: string;
  canEnrol: boolean;
  /** the category takes enrolments from anyone (autosubscribe) */
  open: boolean;
  onEnrol: () => void;
}) {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user) {
    return (
      <Link
        className="ag-button ag-button-primary"
        to={loginHref(basePath, pathname)}
        data-testid="category-login"
      >
        <FormattedMessage id={open ? 'consultation.categoryPage.login' : 'consultation.front.login'} />
      </Link>
    );
  }
  if (!canEnrol) return null;
  return (
    <button
      type="button"
      className="ag-button ag-button-primary"
      onClick={onEnrol}
      data-testid="enrol-button"
    >
      <FormattedMessage id="consultation.enrol.button" />
    </button>
  );
}

/**
 * /participate/category/{category} (short name): the public page of a category, for anyone. Title, summary image
 * and summary, an enrol button (or a login link that comes back), the projects (linked to their questionnaires for
 * enrolled participants) and the share widget.
 */
export default function CategoryPage({ basePath }: { basePath: string }) {
  const { category: mname } = useParams();
  const { data, error, isLoading } = useCategoryPage(mname);
  const { ask, dialog } = useEnrolDialog(basePath);
  const { user } = useSession();
  if (error instanceof ApiError && error.status === 404) return <NotFound homeHref={`${basePath}/`} />;
  if (error) return <ErrorFromCall error={error} />;
  if (isLoading || !data) return <Loading />;
  const { category, projects, enrolment, can_enrol: canEnrol } = data;
  return (
    <section
      className="cons-category-page"
      data-testid="mf-consultation-page"
      data-remote-version={__APP_VERSION__}
    >
      <PageHeader
        title={category.title}
        actions={
          <EnrolAction
            basePath={basePath}
            canEnrol={canEnrol}
            open={category.autosubscribe}
            onEnrol={() => ask(category)}
          />
        }
      />
      <div className="cons-category-intro">
        {category.summary_img && (
          <img
            className="cons-category-hero"
            src={category.summary_img}
            alt={category.summary_img_alt}
            data-testid="category-image"
          />
        )}
        <div>
          {category.summary && <p className="cons-category-summary">{category.summary}</p>}
          {enrolment ? (
            <p className="cons-muted" data-testid="category-enrolment">
              <FormattedMessage id={`consultation.categoryPage.enrolled.${enrolment}`} />
            </p>
          ) : (
            user &&
            !canEnrol && (
              <p className="cons-muted" data-testid="category-closed">
                <FormattedMessage id="consultation.categoryPage.notOpen" />
              </p>
            )
          )}
          <ShareWidget title={category.title} />
        </div>
      </div>
      <h2>
        <FormattedMessage id="consultation.category.projects" />
      </h2>
      {category.active || projects.length > 0 ? (
        <ProjectCards
          projects={projects}
          linkOf={(project) =>
            enrolment ? questionnairePath(basePath, category.mname, project.mname) : null
          }
          resultsOf={(project) =>
            resultsArePublic(project, todayText())
              ? resultsPath(basePath, category.mname, project.mname)
              : null
          }
        />
      ) : (
        <p className="cons-muted" data-testid="category-dormant">
          <FormattedMessage id="consultation.categoryPage.dormant" />
        </p>
      )}
      {dialog}
    </section>
  );
}
