import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { ErrorFromCall, Loading } from '@agora/platform';
import type { ActiveCategory } from './activeCategory';

/** Where a category is added (spec route), under the site's `basePath`. */
export const CATEGORY_ADD_PATH = '/admin/administration/category/add';

/**
 * The spec's 'please check or create a category' prompt, shown by admin pages when no category is active, with a
 * link to add one (the categories tab of the aside lets the user tick one).
 */
export function NoActiveCategory({ basePath = '' }: { basePath?: string }) {
  return (
    <div className="ag-empty ag-no-category" role="status" data-testid="no-active-category">
      <p>
        <FormattedMessage id="structure.shared.noActiveCategory" />
      </p>
      <p>
        <Link to={`${basePath}${CATEGORY_ADD_PATH}`} data-testid="no-active-category-add">
          <FormattedMessage id="structure.shared.addCategory" />
        </Link>
      </p>
    </div>
  );
}

/**
 * The body of an admin page about the active category: its loading error, the spinner while it loads, the
 * prompt without one, else what `children` makes of it.
 */
export function WithActiveCategory({
  active,
  basePath = '',
  children,
}: {
  active: Pick<ActiveCategory, 'category' | 'isLoading' | 'error'>;
  basePath?: string;
  children: (category: NonNullable<ActiveCategory['category']>) => ReactNode;
}) {
  if (active.error) return <ErrorFromCall error={active.error} />;
  if (active.isLoading) return <Loading />;
  if (!active.category) return <NoActiveCategory basePath={basePath} />;
  return <>{children(active.category)}</>;
}
