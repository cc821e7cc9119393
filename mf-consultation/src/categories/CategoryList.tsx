import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState, ErrorFromCall, Loading, useApiGet } from '@agora/platform';
import { Card } from './Card';

/** Category cards (title, summary, project titles) from `GET /api/category`. */
export function CategoryList() {
  const intl = useIntl();
  const { data, error, isLoading } = useApiGet('/api/category', {});
  if (error) return <ErrorFromCall error={error} />;
  if (isLoading || !data) return <Loading />;
  if (data.length === 0) {
    return (
      <EmptyState>
        <FormattedMessage id="consultation.categories.empty" />
      </EmptyState>
    );
  }
  return (
    <ul className="cons-cards" aria-label={intl.formatMessage({ id: 'consultation.categories.list' })}>
      {data.map((category) => (
        <Card
          key={category.token}
          titleId={`cat-${category.token}`}
          img={category.summary_img}
          alt={category.summary_img_alt}
          testId="category-row"
        >
          <h2 id={`cat-${category.token}`}>{category.title}</h2>
          {category.summary && <p>{category.summary}</p>}
          <h3>
            <FormattedMessage id="consultation.category.projects" />
          </h3>
          {category.projects.length === 0 ? (
            <p className="cons-muted">
              <FormattedMessage id="consultation.category.noProjects" />
            </p>
          ) : (
            <ul className="cons-projects">
              {category.projects.map((project) => (
                <li key={project.token} data-testid="category-project">
                  {project.title}
                </li>
              ))}
            </ul>
          )}
        </Card>
      ))}
    </ul>
  );
}
