import { Inbox, Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Contact } from '#shared/contact';
import type { Article } from '#shared/news';
import { useAdminSession } from '../features/auth/hooks/useAdminSession';
import { useContactStatsQuery, useContactsQuery } from '../features/contacts/api/contacts.queries';
import { ContactsManager } from '../features/contacts/components/ContactsManager';
import { DashboardHeader } from '../features/dashboard/components/DashboardHeader';
import { DashboardTabs } from '../features/dashboard/components/DashboardTabs';
import { LoadingScreen } from '../features/dashboard/components/LoadingScreen';
import { useAdminNewsQuery } from '../features/news/api/news.queries';
import { NewsManager } from '../features/news/components/NewsManager';

const noArticles: Article[] = [];
const noContacts: Contact[] = [];

/**
 * Still on its first load. A list whose load failed is pending again while it
 * is asked anew (the Contacts tab does so when opened): the dashboard stays.
 */
const firstLoad = (query: { isPending: boolean; errorUpdateCount: number }) =>
  query.isPending && query.errorUpdateCount === 0;

/**
 * /admin: checks the session, loads both lists, then shows the tabs with live
 * counts. 'Loading admin panel...' until the profile and the first lists are
 * in; a list whose load failed is shown empty (its toast says why, spec).
 * The Contacts tab counts the inbox (spam apart) and loads its own folder and order.
 * Each write refetches only what it changed (see the features' `*.queries.ts`).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user, signOut } = useAdminSession();
  const enabled = user !== null;
  const news = useAdminNewsQuery({ enabled });
  const contacts = useContactsQuery({ enabled });
  const stats = useContactStatsQuery({ enabled });
  const [params, setParams] = useSearchParams();
  const active = params.get('tab') === 'contacts' ? 'contacts' : 'news';

  if (!user || firstLoad(news) || firstLoad(contacts)) return <LoadingScreen />;
  const articles = news.isError ? noArticles : (news.data ?? noArticles);
  const enquiries = contacts.isError ? noContacts : (contacts.data ?? noContacts);

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
              label: t('admin.tabs.news', { count: articles.length }),
              icon: <Newspaper aria-hidden="true" className="h-4 w-4" />,
              panel: <NewsManager articles={articles} />,
            },
            {
              id: 'contacts',
              label: t('admin.tabs.contacts', { count: enquiries.length }),
              icon: <Inbox aria-hidden="true" className="h-4 w-4" />,
              panel: <ContactsManager stats={stats.isError ? null : (stats.data ?? null)} />,
            },
          ]}
        />
      </main>
    </div>
  );
}
