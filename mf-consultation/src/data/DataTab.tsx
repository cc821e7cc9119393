import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { CardTitle, EmptyState, ErrorFromCall, Loading, useApiGet } from '@agora/platform';
import { categoryPath } from '../categories/cards';
import { useProfileCategories } from '../categories/participation';
import { dataCategoryPath } from './paths';

interface Tile {
  token: string;
  mname: string;
  title: string;
  summary_img: string;
}

/** Categories as clickable images (the image and the title are one link). */
function CategoryTiles({ categories, hrefOf }: { categories: readonly Tile[]; hrefOf: (mname: string) => string }) {
  const intl = useIntl();
  if (categories.length === 0)
    return (
      <EmptyState>
        <FormattedMessage id="consultation.data.tab.empty" />
      </EmptyState>
    );
  return (
    <ul className="cons-data-tiles" aria-label={intl.formatMessage({ id: 'consultation.data.tab.categories' })}>
      {categories.map((category) => (
        <li key={category.token}>
          <Link to={hrefOf(category.mname)} className="cons-data-tile" data-testid="data-tile">
            {category.summary_img ? (
              <img src={category.summary_img} alt="" loading="lazy" />
            ) : (
              <span className="cons-data-tile-blank" aria-hidden="true" />
            )}
            <CardTitle as="span" title={category.title} className="cons-data-tile-title" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Staff: every category, each opening its data page. */
function StaffTiles({ basePath }: { basePath: string }) {
  const { data, error } = useApiGet('/api/category', {});
  if (error) return <ErrorFromCall error={error} />;
  if (!data) return <Loading />;
  return <CategoryTiles categories={data} hrefOf={(mname) => dataCategoryPath(basePath, mname)} />;
}

/**
 * Experts: the categories they are an expert in, each opening the category's page, whose projects open on the
 * questionnaire screen with the expert's data capabilities (the /admin/data pages are staff only).
 */
function ExpertTiles({ basePath }: { basePath: string }) {
  const { data, error } = useProfileCategories();
  if (error) return <ErrorFromCall error={error} />;
  if (!data) return <Loading />;
  const mine = data.values.filter((v) => v.role === 'expert').map((v) => v.category);
  return <CategoryTiles categories={mine} hrefOf={(mname) => categoryPath(basePath, mname)} />;
}

/** The aside's Data tab (everyone but the normal role): the categories as clickable images. */
export function DataTab({ basePath, staff }: { basePath: string; staff: boolean }) {
  return (
    <div className="cons-aside-block" data-testid="data-tab">
      <h2 className="cons-subtitle">
        <FormattedMessage id="consultation.data.tab.categories" />
      </h2>
      {staff ? <StaffTiles basePath={basePath} /> : <ExpertTiles basePath={basePath} />}
    </div>
  );
}
