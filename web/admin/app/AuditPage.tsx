import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLog } from '../features/audit/components/AuditLog';
import { useAdminNewsQuery } from '../features/news/api/news.queries';
import { onWeb } from '../lib/on-web';
import { AdminScreen } from './AdminScreen';

/** /admin/audit: the audit trail. */
export function AuditPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={t('admin.audit.title')}
      description={t('admin.audit.subtitle')}
      capability="audit"
    >
      {() => <AuditWithLinks />}
    </AdminScreen>
  );
}

/**
 * An article entry links to the article's page on the site while it is
 * public (known from the dashboard's list of articles); the desktop app has
 * no site pages to open.
 */
function AuditWithLinks() {
  const web = onWeb();
  const news = useAdminNewsQuery({ enabled: web });
  const articleHref = useMemo(() => {
    const now = new Date().toISOString();
    const pages = new Map(
      (news.data ?? [])
        .filter((a) => a.published && (!a.published_at || a.published_at <= now))
        .map((a) => [String(a.id), `/${a.slug}`]),
    );
    return (id: string) => pages.get(id) ?? null;
  }, [news.data]);
  return <AuditLog articleHref={articleHref} />;
}
