import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { ApiError, ErrorFromCall, Loading, NotFound, PageHeader } from '@agora/platform';
import { useCategoryPage } from '../categories/participation';
import { ProjectCards } from '../categories/ProjectCards';
import { dataPath, dataProjectPath } from './paths';
import '../categories/categories.css';

/**
 * /admin/data/category/{category} (short name): the category's projects as cards, each opening its map of
 * answers. An unknown category is the 404 page, as on the participant side.
 */
export default function DataCategoryPage({ basePath }: { basePath: string }) {
  const { category: mname } = useParams();
  const { data, error, isLoading } = useCategoryPage(mname);
  if (error instanceof ApiError && error.status === 404) return <NotFound homeHref={`${basePath}/`} />;
  if (error) return <ErrorFromCall error={error} />;
  if (isLoading || !data) return <Loading />;
  const { category, projects } = data;
  return (
    <section data-testid="mf-consultation-page" data-remote-version={__APP_VERSION__}>
      <p className="cons-data-back">
        <Link to={dataPath(basePath)} data-testid="data-back">
          <FormattedMessage id="consultation.data.back.categories" />
        </Link>
      </p>
      <PageHeader title={category.title} />
      {category.summary && <p className="cons-category-summary">{category.summary}</p>}
      <h2>
        <FormattedMessage id="consultation.category.projects" />
      </h2>
      <ProjectCards
        projects={projects}
        linkOf={(project) => dataProjectPath(basePath, category.mname, project.mname)}
        action="consultation.data.project.open"
      />
    </section>
  );
}
