import { FileText, Inbox, Newspaper } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { User } from '#shared/auth';
import type { AdminPage } from '#shared/pages';
import { can } from '#shared/roles';
import { useDialogOpen } from '../components/Modal';
import { useContactStatsQuery } from '../features/contacts/api/contacts.queries';
import { ContactsManager } from '../features/contacts/components/ContactsManager';
import { DashboardTabs, type Tab } from '../features/dashboard/components/DashboardTabs';
import { LoadingScreen } from '../features/dashboard/components/LoadingScreen';
import { useKeptPanels } from '../features/dashboard/hooks/useKeptPanels';
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
 * features' `*.queries.ts`). A role changed while the page is open (the
 * server refused a call) changes the tabs at once; a form open over the
 * panel shown until then stays open until it is closed (useKeptPanels).
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
  const dialogOpen = useDialogOpen();
  // Only the first load waits: a new role's counts load under its tabs (and an open form).
  const loading = firstLoad(news) || firstLoad(stats) || firstLoad(pagesQuery);
  const [loaded, setLoaded] = useState(false);
  if (!loaded && !loading) setLoaded(true);
  const pages = pagesQuery.isError ? noPages : (pagesQuery.data ?? noPages);

  const tabs: (Tab & { allowed: boolean })[] = [
    {
      id: 'news',
      allowed: readsNews,
      label: t('admin.tabs.news', { count: news.data ?? 0 }),
      icon: <Newspaper aria-hidden="true" className="h-4 w-4" />,
      panel: <NewsManager readOnly={!writesNews} views={can(user.role, 'analytics')} />,
    },
    {
      id: 'pages',
      allowed: writesNews,
      label: t('admin.tabs.pages', { count: pages.length }),
      icon: <FileText aria-hidden="true" className="h-4 w-4" />,
      panel: <PagesManager pages={pages} />,
    },
    {
      id: 'contacts',
      allowed: answers,
      label: t('admin.tabs.contacts', { count: stats.data?.total ?? 0 }),
      icon: <Inbox aria-hidden="true" className="h-4 w-4" />,
      panel: <ContactsManager stats={stats.isError ? null : (stats.data ?? null)} />,
    },
  ];
  const listed = tabs.filter((tab) => tab.allowed);
  // Each role starts where its work is: content staff at the news, sales at the enquiries.
  const home = writesNews || !answers ? 'news' : 'contacts';
  const asked = params.get('tab');
  const active = listed.some((tab) => tab.id === asked) ? asked! : home;
  const kept = useKeptPanels(active, user.role, dialogOpen);

  if (!loaded) return <LoadingScreen inline />;
  return (
    <DashboardTabs
      active={active}
      onChange={(id) => setParams(id === home ? {} : { tab: id }, { replace: true })}
      tabs={listed}
      kept={tabs.filter((tab) => kept.includes(tab.id))}
    />
  );
}
