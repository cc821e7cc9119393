import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { EmptyState, Loaded, PageHeader } from '@agora/platform';
import { useAdminHref } from '../projects/base';
import { useCategory } from './useCategory';
import '../projects/projects.css';

/** /admin/administration/category/{category}: every field of the category and its projects. */
export default function CategoryDetailsPage() {
  const { category: param } = useParams();
  const href = useAdminHref();
  const { data, error, isLoading } = useCategory(param);
  const yesNo = (on: boolean) => (
    <FormattedMessage id={on ? 'structure.projects.yes' : 'structure.projects.no'} />
  );
  const row = (label: string, value: ReactNode) => (
    <>
      <dt>
        <FormattedMessage id={`structure.categories.field.${label}`} />
      </dt>
      <dd data-testid={`category-${label}`}>{value === '' ? '—' : value}</dd>
    </>
  );
  return (
    <section data-testid="mf-admin-structure-page" data-remote-version={__APP_VERSION__}>
      <PageHeader
        title={data?.title ?? <FormattedMessage id="structure.categories.details" />}
        actions={
          data && (
            <Link
              className="ag-button ag-button-primary"
              to={href(`/category/${encodeURIComponent(data.token)}/edit`)}
            >
              <FormattedMessage id="structure.projects.edit" />
            </Link>
          )
        }
      />
      <Loaded error={error} isLoading={isLoading} data={data}>
        {(data) => (
          <>
            <dl className="st-details" data-testid="category-details">
              {row('title', data.title)}
              {row('mname', data.mname)}
              {row('summary', data.summary)}
              {row(
                'summaryImg',
                data.summary_img ? (
                  <img className="st-image-preview" src={data.summary_img} alt={data.summary_img_alt} />
                ) : (
                  ''
                ),
              )}
              {row('summaryImgAlt', data.summary_img_alt)}
              {row('autosubscribe', yesNo(data.autosubscribe))}
              {row('welcome', data.forum_welcome_message)}
              {row('active', yesNo(data.active))}
            </dl>
            <h2>
              <FormattedMessage id="structure.categories.projects" />
            </h2>
            {data.projects.length === 0 ? (
              <EmptyState>
                <FormattedMessage id="structure.projects.empty" />
              </EmptyState>
            ) : (
              <ul data-testid="category-projects">
                {data.projects.map((p) => (
                  <li key={p.token}>
                    <Link to={href(`/project/${encodeURIComponent(p.mname)}/edit`)}>{p.title}</Link> (
                    {p.mname})
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
