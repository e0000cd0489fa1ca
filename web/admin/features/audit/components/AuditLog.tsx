import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AuditAction } from '#shared/audit';
import { ListPager } from '../../../components/ListPager';
import { Spinner } from '../../../components/Spinner';
import { button } from '../../../lib/ui';
import { auditParamsFrom, useAuditPageQuery } from '../api/audit.queries';
import { AuditFilter } from './AuditFilter';
import { AuditTable } from './AuditTable';
import type { ArticleHref } from './AuditTarget';
import { LoadFailed } from '../../../components/LoadFailed';

/**
 * The audit trail, newest first, a page at a time, optionally of one
 * action. Page and filter live in the address, so reload and Back keep them.
 */
export function AuditLog({ articleHref }: { articleHref: ArticleHref }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { page, action } = auditParamsFrom(params);
  const audit = useAuditPageQuery({ page, action });

  const show = (next: { page?: number; action?: AuditAction | null }) => {
    const query = new URLSearchParams();
    const a = next.action === undefined ? action : next.action;
    if (a) query.set('action', a);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  const data = audit.data;
  return (
    <div className="space-y-4">
      <AuditFilter value={action} onChange={(a) => show({ action: a })} />
      {audit.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4" />
          {t('admin.common.loadingList')}
        </p>
      ) : !data ? (
        <LoadFailed onRetry={() => void audit.refetch()} />
      ) : data.entries.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
          <p>{action ? t('admin.audit.noMatch') : t('admin.audit.empty')}</p>
          {page > 1 && (
            <button type="button" className={`${button.secondary} mt-4`} onClick={() => show({})}>
              {t('admin.audit.firstPage')}
            </button>
          )}
        </div>
      ) : (
        <div aria-busy={audit.isPlaceholderData || undefined} className="space-y-4">
          <AuditTable
            entries={data.entries}
            caption={t('admin.audit.caption', { page: data.current_page, pages: data.pages })}
            articleHref={articleHref}
          />
          <ListPager
            page={data.current_page}
            pages={data.pages}
            label={t('admin.audit.pagination')}
            total={t('admin.audit.total', { count: data.total })}
            onPage={(p) => show({ page: p })}
          />
        </div>
      )}
      {data && (
        <p className="text-sm text-slate-600">
          {t('admin.audit.retention', { count: data.retention_days })}
        </p>
      )}
    </div>
  );
}
