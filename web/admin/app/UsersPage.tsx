import { useTranslation } from 'react-i18next';
import { UsersManager } from '../features/users/components/UsersManager';
import { AdminScreen } from './AdminScreen';

/** /admin/users: the team's accounts and invitations, for admins. */
export function UsersPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={t('admin.users.title')}
      description={t('admin.users.subtitle')}
      capability="users"
    >
      {(user) => <UsersManager me={user.username} />}
    </AdminScreen>
  );
}
