import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState, ErrorFromCall, Loading, useApiGet } from '@agora/platform';
import './categories.css';

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
        <li key={category.token} className="cons-card" data-testid="category-row">
          <article aria-labelledby={`cat-${category.token}`}>
            {category.summary_img && (
              <img
                className="cons-card-img"
                src={category.summary_img}
                alt={category.summary_img_alt}
                loading="lazy"
              />
            )}
            <div className="cons-card-body">
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
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
