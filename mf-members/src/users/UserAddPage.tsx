import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { isListKey, PageHeader, Permission } from '@agora/platform';
import { USERS_LIST } from './types';
import { UserForm } from './UserForm';

/** /admin/users/add: an admin adds a user (the user form in post mode, with a leave guard). */
export default function UserAddPage({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const back = () => navigate(`${basePath}/admin/users`);
  const saved = () => {
    // the cached pages of the list are stale now
    void mutate((key) => isListKey(USERS_LIST, key));
    back();
  };
  return (
    <section data-testid="user-add-page">
      <PageHeader title={<FormattedMessage id="members.user.add" />} />
      <Permission roles="admin">
        <UserForm mode="post" onSaved={saved} onCancel={back} />
      </Permission>
    </section>
  );
}
