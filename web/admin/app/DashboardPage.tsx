import { FileText, Inbox, Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { User } from '#shared/auth';
import type { AdminPage } from '#shared/pages';
import { can } from '#shared/roles';
import { useContactStatsQuery } from '../features/contacts/api/contacts.queries';
import { ContactsManager } from '../features/contacts/components/ContactsManager';
import { DashboardTabs, type Tab } from '../features/dashboard/components/DashboardTabs';
import { LoadingScreen } from '../features/dashboard/components/LoadingScreen';
import { useAdminNewsCount } from '../features/news/api/news.queries';
import { usePagesQuery } from '../features/news/api/pages.queries';
import { NewsManager } from '../features/news/components/NewsManager';
import { PagesManager } from '../features/news/components/PagesManager';
import { AdminScreen } from './AdminScreen';

const noPages: AdminPage[] = [];

/**
 * Still on its first load. A list whose load failed is pending again while it
 * is asked anew (the Contacts tab does so when opened): the dashboard stays.
 */
const firstLoad = (query: { isPending: boolean; isEnabled: boolean; errorUpdateCount: number }) =>
  query.isEnabled && query.isPending && query.errorUpdateCount === 0;

/** /admin: the tabs the signed-in role may use. */
export function DashboardPage() {
  return <AdminScreen>{(user) => <Dashboard user={user} />}</AdminScreen>;
}

/**
 * Loads the counts of the role's tabs from the server (the articles', the
 * inbox's from the statistics, spam apart) and the pages, then shows the
 * tabs; the News and Contacts tabs load a page of their own list.
 * 'Loading admin panel...' until these are in; a list whose load failed is
 * shown empty (its toast says why). The News tab is for everyone who
 * may read articles (read-only for sales), the Pages tab for those who
 * write them, the Contacts tab for those who answer enquiries; sales lands
 * on the Contacts tab. Each write refetches only what it changed (the
 * features' `*.queries.ts`).
 */
function Dashboard({ user }: { user: User }) {
  const { t } = useTranslation();
  const readsNews = can(user.role, 'articles');
  const writesNews = can(user.role, 'content');
  const answers = can(user.role, 'enquiries');
  const news = useAdminNewsCount({ enabled: readsNews });
  const pagesQuery = usePagesQuery({ enabled: writesNews });
  const stats = useContactStatsQuery({ enabled: answers });
  const [params, setParams] = useSearchParams();

  if (firstLoad(news) || firstLoad(stats) || firstLoad(pagesQuery)) return <LoadingScreen inline />;
  const pages = pagesQuery.isError ? noPages : (pagesQuery.data ?? noPages);

  const tabs: Tab[] = [];
  if (readsNews)
    tabs.push({
      id: 'news',
      label: t('admin.tabs.news', { count: news.data ?? 0 }),
      icon: <Newspaper aria-hidden="true" className="h-4 w-4" />,
      panel: <NewsManager readOnly={!writesNews} views={can(user.role, 'analytics')} />,
    });
  if (writesNews)
    tabs.push({
      id: 'pages',
      label: t('admin.tabs.pages', { count: pages.length }),
      icon: <FileText aria-hidden="true" className="h-4 w-4" />,
      panel: <PagesManager pages={pages} />,
    });
  if (answers)
    tabs.push({
      id: 'contacts',
      label: t('admin.tabs.contacts', { count: stats.data?.total ?? 0 }),
      icon: <Inbox aria-hidden="true" className="h-4 w-4" />,
      panel: <ContactsManager stats={stats.isError ? null : (stats.data ?? null)} />,
    });
  // Each role starts where its work is: content staff at the news, sales at the enquiries.
  const home = writesNews || !answers ? 'news' : 'contacts';
  const asked = params.get('tab');
  const active = tabs.some((tab) => tab.id === asked) ? asked! : home;

  return (
    <DashboardTabs
      active={active}
      onChange={(id) => setParams(id === home ? {} : { tab: id }, { replace: true })}
      tabs={tabs}
    />
  );
}
