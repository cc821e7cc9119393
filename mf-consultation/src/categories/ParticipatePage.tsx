import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { CardTitle, ErrorFromCall, Loading } from '@agora/platform';
import { ParticipantPage } from '../ParticipantPage';
import { EnrolCountdown } from '../enrol/EnrolCountdown';
import { categoryPath, questionnairePath } from './cards';
import { ProjectCards } from './ProjectCards';
import { useProfileCategories } from './participation';

/** The participant's categories (each with its projects), or the countdown to `/enroll` when there is none. */
function MyCategories({ basePath }: { basePath: string }) {
  const { data, error, isLoading } = useProfileCategories();
  if (error) return <ErrorFromCall error={error} />;
  if (isLoading || !data) return <Loading />;
  if (data.values.length === 0) return <EnrolCountdown basePath={basePath} />;
  return (
    <>
      {data.values.map(({ category, role, projects }) => (
        <section
          key={category.token}
          className="cons-category"
          aria-labelledby={`category-${category.token}`}
          data-testid="participate-category"
        >
          <div className="cons-category-head">
            {category.summary_img && (
              <img className="cons-category-img" src={category.summary_img} alt={category.summary_img_alt} />
            )}
            <div>
              <CardTitle
                as="h2"
                id={`category-${category.token}`}
                title={category.title}
                href={categoryPath(basePath, category.mname)}
              />
              <span className={`cons-badge cons-role-${role}`} data-testid="participate-role">
                <FormattedMessage id={`consultation.role.${role}`} />
              </span>
              {category.summary && <p>{category.summary}</p>}
            </div>
          </div>
          <ProjectCards
            projects={projects}
            linkOf={(project) => questionnairePath(basePath, category.mname, project.mname)}
          />
        </section>
      ))}
      <p>
        <Link to={`${basePath}/enroll`} data-testid="more-categories">
          <FormattedMessage id="consultation.participate.more" />
        </Link>
      </p>
    </>
  );
}

/** /participate: the participant's categories. Administrators go to /admin/data, visitors to /login (spec). */
export default function ParticipatePage({ basePath }: { basePath: string }) {
  return (
    <ParticipantPage basePath={basePath} title={<FormattedMessage id="consultation.participate.title" />}>
      <MyCategories basePath={basePath} />
    </ParticipantPage>
  );
}
