import { useMemo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { CategoryAnswer } from '@agora/contracts/api';
import {
  type ApiError,
  ErrorFromCall,
  type ListPath,
  Loading,
  PageHeader,
  useApiGet,
  useTableQuery,
} from '@agora/platform';

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

/**
 * A page of the active category: the call's error, the wait, or (without an active category) the page's title over
 * the 'no category' prompt; with one, what `render` makes of it.
 */
export function ActiveCategoryPage({
  basePath = '',
  titleId,
  render,
}: {
  basePath?: string;
  /** the message id of the page's title */
  titleId: string;
  render: (category: CategoryAnswer) => ReactNode;
}) {
  const { category, isLoading, error } = useActiveCategory();
  if (error) return <ErrorFromCall error={error} />;
  if (isLoading) return <Loading />;
  if (!category) {
    return (
      <section data-testid="mf-members-page" data-remote-version={__APP_VERSION__}>
        <PageHeader title={<FormattedMessage id={titleId} />} />
        <NoActiveCategory basePath={basePath} />
      </section>
    );
  }
  return <>{render(category)}</>;
}

/** The line under a category page's title naming the active category. */
export function ActiveCategoryLine({ title }: { title: string }) {
  return (
    <p className="mb-category" data-testid="members-category">
      <FormattedMessage id="members.category.active" values={{ title }} />
    </p>
  );
}

/**
 * The table of a list of the category `token` (last name first), filtered at first by the route's `{role}` under
 * `roleFilter` when `isRoleValue` accepts it (the spec: an unknown role filter means no role filter).
 */
export function useCategoryTable<P extends ListPath>(
  path: P,
  token: string,
  roleFilter: string,
  isRoleValue: (value: string) => boolean,
) {
  const params = useParams();
  const role = params.role && isRoleValue(params.role) ? params.role : '';
  const initialFilters = useMemo(
    (): Record<string, string> => (role ? { [roleFilter]: role } : {}),
    [role, roleFilter],
  );
  const pathParams = useMemo(() => ({ category: token }), [token]);
  return useTableQuery({ path, sort: 'lastname', method: 'asc', initialFilters, pathParams });
}
