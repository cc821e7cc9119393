import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { CardTitle, DateText, EmptyState } from '@agora/platform';
import type { ProjectCard } from './cards';
import { Card } from './Card';

export interface ProjectCardsProps {
  projects: readonly ProjectCard[];
  /** the project's questionnaire, or null when the visitor may not open it (not enrolled) */
  linkOf: (project: ProjectCard) => string | null;
  /** heading level of the cards' titles */
  level?: 2 | 3;
  /** the message of the card's button (default: answer when open, else view) */
  action?: string;
  /** the project's public results page, or null when its results are not public */
  resultsOf?: (project: ProjectCard) => string | null;
}

/**
 * Project cards: image, state (open, upcoming, closed), title, summary and dates. When the visitor may open the
 * questionnaire, the title is its link, and a button repeats it for pointers (hidden from assistive technology).
 */
export function ProjectCards({ projects, linkOf, level = 3, action, resultsOf }: ProjectCardsProps) {
  const intl = useIntl();
  if (projects.length === 0) {
    return (
      <EmptyState>
        <FormattedMessage id="consultation.category.noProjects" />
      </EmptyState>
    );
  }
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <ul className="cons-cards" aria-label={intl.formatMessage({ id: 'consultation.category.projects' })}>
      {projects.map((project) => {
        const href = linkOf(project);
        const results = resultsOf?.(project) ?? null;
        const titleId = `project-${project.token}`;
        return (
          <Card
            key={project.token}
            titleId={titleId}
            img={project.summary_img}
            alt={project.summary_img_alt}
            testId="project-card"
            state={project.state}
            href={href ?? undefined}
          >
            <span className={`cons-badge cons-badge-${project.state}`} data-testid="project-state">
              <FormattedMessage id={`consultation.project.state.${project.state}`} />
            </span>
            <CardTitle as={Heading} id={titleId} title={project.title} href={href ?? undefined} />
            {project.summary && <p>{project.summary}</p>}
            <p className="cons-muted">
              <FormattedMessage
                id="consultation.project.dates"
                values={{
                  start: <DateText value={project.start_date} />,
                  end: <DateText value={project.end_date} />,
                }}
              />
            </p>
            {href && (
              <Link className="ag-button cons-card-action" to={href} aria-hidden="true" tabIndex={-1}>
                <FormattedMessage
                  id={
                    action ??
                    (project.state === 'open' ? 'consultation.project.answer' : 'consultation.project.view')
                  }
                />
              </Link>
            )}
            {results && (
              <Link className="ag-button cons-card-results" to={results} data-testid="project-results">
                <FormattedMessage id="consultation.results.link" />
                <span className="ag-visually-hidden">: {project.title}</span>
              </Link>
            )}
          </Card>
        );
      })}
    </ul>
  );
}
