import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { CardTitle, EmptyState, ErrorFromCall, Loading, useApiGet } from '@agora/platform';
import { Card } from './Card';

export interface CategoryListProps {
  /** the page of a category (its image and title link there); none: not links */
  categoryHref?: (category: string) => string;
  /** the page of a project of a category (short names) */
  projectHref?: (category: string, project: string) => string;
}

/** Category cards (image, title, summary, project titles) from `GET /api/category`, as links when given. */
export function CategoryList({ categoryHref, projectHref }: CategoryListProps = {}) {
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
      {data.map((category) => {
        const href = categoryHref?.(category.mname);
        return (
          <Card
            key={category.token}
            titleId={`cat-${category.token}`}
            img={category.summary_img}
            alt={category.summary_img_alt}
            testId="category-row"
            href={href}
          >
            <CardTitle as="h2" id={`cat-${category.token}`} title={category.title} href={href} />
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
                    {projectHref ? (
                      <Link to={projectHref(category.mname, project.mname)}>{project.title}</Link>
                    ) : (
                      project.title
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        );
      })}
    </ul>
  );
}
