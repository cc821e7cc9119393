import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CategoryAnswer } from '@agora/contracts/api';
import { type ApiError, useApiGet } from '@agora/platform';

/** Where a category is added (spec route), under the site's `basePath`. */
const CATEGORY_ADD_PATH = '/admin/administration/category/add';

export interface ActiveCategory {
  /** the active category, null when none is active (or while loading) */
  category: CategoryAnswer | null;
  isLoading: boolean;
  error?: ApiError;
}

/**
 * The administrator's active category (spec part 2 §2, §4): the one `GET category` marks `active` for the caller,
 * read from the same SWR entry as the structure pages, so a change there shows here.
 */
export function useActiveCategory(): ActiveCategory {
  const { data, error, isLoading } = useApiGet('/api/category', {});
  return { category: data?.find((c) => c.active) ?? null, isLoading, error };
}

/** The spec's 'please check or create a category' prompt, with a link to add one. */
export function NoActiveCategory({ basePath = '' }: { basePath?: string }) {
  return (
    <div className="ag-empty ag-no-category" role="status" data-testid="no-active-category">
      <p>
        <FormattedMessage id="members.category.none" />
      </p>
      <p>
        <Link to={`${basePath}${CATEGORY_ADD_PATH}`} data-testid="no-active-category-add">
          <FormattedMessage id="members.category.add" />
        </Link>
      </p>
    </div>
  );
}
