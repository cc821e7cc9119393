import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorFromCall, Loading, PageHeader } from '@agora/platform';
import { useAdminHref } from '../projects/base';
import { CategoryForm } from './CategoryForm';
import { useCategory } from './useCategory';

/**
 * /admin/administration/category/add and /category/{category}/edit: the category form in a page. After a create
 * the page goes to the new category's edit route.
 */
export default function CategoryEditPage() {
  const { category: param } = useParams();
  const navigate = useNavigate();
  const href = useAdminHref();
  const { data, error, isLoading } = useCategory(param);

  return (
    <section data-testid="mf-admin-structure-page" data-remote-version={__APP_VERSION__}>
      <PageHeader
        title={<FormattedMessage id={param ? 'structure.categories.edit' : 'structure.categories.add'} />}
        actions={
          data && (
            <Link className="ag-button" to={href(`/category/${encodeURIComponent(data.token)}`)}>
              <FormattedMessage id="structure.categories.details" />
            </Link>
          )
        }
      />
      {error ? (
        <ErrorFromCall error={error} />
      ) : param && (isLoading || !data) ? (
        <Loading />
      ) : (
        <CategoryForm
          key={data?.token ?? 'new'}
          category={data ?? null}
          onSaved={(saved) => {
            if (!param && saved) navigate(href(`/category/${encodeURIComponent(saved.token)}/edit`));
          }}
        />
      )}
    </section>
  );
}
