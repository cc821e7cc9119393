import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@agora/platform';
import { CategoryList } from '../categories/CategoryList';
import { dataCategoryPath, dataProjectPath } from './paths';

/**
 * /admin/data: the administrator's way into the answers. Each category's image and title open its data page
 * (`/admin/data/category/{category}`), each project name that project's map of answers.
 */
export default function DataPage({ basePath }: { basePath: string }) {
  return (
    <section data-testid="mf-consultation-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={<FormattedMessage id="consultation.data.title" />} />
      <CategoryList
        categoryHref={(category) => dataCategoryPath(basePath, category)}
        projectHref={(category, project) => dataProjectPath(basePath, category, project)}
      />
    </section>
  );
}
