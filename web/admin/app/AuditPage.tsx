import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { auditParamsFrom, useAuditPageQuery } from '../features/audit/api/audit.queries';
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
 * public: the articles of the page's entries are asked for by id (the same
 * audit page the log shows, from the query cache); the desktop app has no
 * site pages to open.
 */
function AuditWithLinks() {
  const web = onWeb();
  const [params] = useSearchParams();
  const audit = useAuditPageQuery(auditParamsFrom(params));
  const ids = [
    ...new Set(
      (audit.data?.entries ?? [])
        .filter((e) => e.target_type === 'article' && /^\d{1,9}$/.test(e.target_id ?? ''))
        .map((e) => Number(e.target_id)),
    ),
  ].sort((a, b) => a - b);
  const news = useAdminNewsQuery(
    { ids, published: true, per_page: ids.length || 1 },
    { enabled: web && ids.length > 0 },
  );
  const articleHref = useMemo(() => {
    const now = new Date().toISOString();
    const pages = new Map(
      (news.data?.items ?? [])
        .filter((a) => !a.published_at || a.published_at <= now)
        .map((a) => [String(a.id), `/${a.slug}`]),
    );
    return (id: string) => pages.get(id) ?? null;
  }, [news.data]);
  return <AuditLog articleHref={articleHref} />;
}
