import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@agora/platform';
import { CategoryList } from './CategoryList';

/**
 * /admin/data: the administrator's view of the categories and their projects. The cards are not links yet: the
 * category's data page (`/admin/data/category/{category}`, spec part 2 §2) does not exist in this remote.
 */
export default function DataPage() {
  return (
    <section data-testid="mf-consultation-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={<FormattedMessage id="consultation.data.title" />} />
      <CategoryList />
    </section>
  );
}
