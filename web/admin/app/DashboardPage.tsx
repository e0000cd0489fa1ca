import { Inbox, Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAdminSession } from '../features/auth/hooks/useAdminSession';
import { ContactsManager } from '../features/contacts/components/ContactsManager';
import { useContacts } from '../features/contacts/hooks/useContacts';
import { DashboardHeader } from '../features/dashboard/components/DashboardHeader';
import { DashboardTabs } from '../features/dashboard/components/DashboardTabs';
import { LoadingScreen } from '../features/dashboard/components/LoadingScreen';
import { NewsManager } from '../features/news/components/NewsManager';
import { useAdminNews } from '../features/news/hooks/useAdminNews';

/**
 * /admin: checks the session, loads both lists, then shows the tabs with live
 * counts. Any successful write reloads news and contacts alike (spec).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user, signOut } = useAdminSession();
  const news = useAdminNews(user !== null);
  const contacts = useContacts(user !== null);
  const [params, setParams] = useSearchParams();
  const active = params.get('tab') === 'contacts' ? 'contacts' : 'news';

  if (!user || !news.loaded || !contacts.loaded) return <LoadingScreen />;

  const reloadAll = async () => {
    await Promise.all([news.reload(), contacts.reload()]);
  };

  return (
    <div className="min-h-screen">
      <DashboardHeader username={user.username} onLogout={signOut} />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <DashboardTabs
          active={active}
          onChange={(id) => setParams(id === 'news' ? {} : { tab: id }, { replace: true })}
          tabs={[
            {
              id: 'news',
              label: t('admin.tabs.news', { count: news.articles.length }),
              icon: <Newspaper aria-hidden="true" className="h-4 w-4" />,
              panel: <NewsManager articles={news.articles} reload={reloadAll} />,
            },
            {
              id: 'contacts',
              label: t('admin.tabs.contacts', { count: contacts.contacts.length }),
              icon: <Inbox aria-hidden="true" className="h-4 w-4" />,
              panel: (
                <ContactsManager
                  contacts={contacts.contacts}
                  stats={contacts.stats}
                  reload={reloadAll}
                />
              ),
            },
          ]}
        />
      </main>
    </div>
  );
}
