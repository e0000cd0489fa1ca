import { useTranslation } from 'react-i18next';
import type { FieldChange } from '#shared/revisions';

/**
 * What one save changed, field by field: kept text plain, removed text struck
 * through on red, added text underlined on green (and named for screen readers).
 */
export function RevisionDiff({ changes }: { changes: FieldChange[] }) {
  const { t } = useTranslation();
  if (!changes.length) {
    return <p className="text-sm text-slate-600">{t('admin.revisions.noChanges')}</p>;
  }
  return (
    <dl className="space-y-2">
      {changes.map(({ field, parts }) => (
        <div key={field}>
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {t(`admin.revisions.fields.${field}`)}
          </dt>
          <dd className="mt-1 max-h-48 overflow-y-auto rounded-md border border-slate-200 bg-white px-3 py-2 text-sm whitespace-pre-wrap text-slate-800">
            {parts.map((part, i) =>
              part.added ? (
                <ins key={i} className="bg-emerald-100 text-emerald-950 underline">
                  <span className="sr-only">{t('admin.revisions.added')}: </span>
                  {part.value}
                </ins>
              ) : part.removed ? (
                <del key={i} className="bg-red-100 text-red-950 line-through">
                  <span className="sr-only">{t('admin.revisions.removed')}: </span>
                  {part.value}
                </del>
              ) : (
                <span key={i}>{part.value}</span>
              ),
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
