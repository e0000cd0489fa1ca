import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '#shared/audit';
import { formatDateTime } from '#shared/dates';
import { pickLanguage } from '#shared/languages';
import { actionLabel, actorKey, isFailure, summaryText } from '../lib/audit-text';
import { AuditTarget, type ArticleHref } from './AuditTarget';

type Props = { entries: AuditEntry[]; caption: string; articleHref: ArticleHref };

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';
const td = 'px-3 py-2 align-top';

/** Who acted: the account's username, or, in words, what acted without one. */
function Actor({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const key = actorKey(entry);
  return key === null ? entry.actor : <span className="text-slate-600">{t(key)}</span>;
}

/** One row per entry: when, who, what, on what, details, from where. */
export function AuditTable({ entries, caption, articleHref }: Props) {
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  return (
    <>
      {/* A phone shows three of the six columns; the rest are a swipe away. */}
      <p className="mb-2 text-sm text-slate-600 sm:hidden">{t('admin.audit.scrollHint')}</p>
      <div
        role="region"
        aria-labelledby="audit-caption"
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
      >
        <table className="w-full text-sm text-slate-800">
          <caption id="audit-caption" className="sr-only">
            {caption}
          </caption>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th scope="col" className={th}>
                {t('admin.audit.columns.at')}
              </th>
              <th scope="col" className={th}>
                {t('admin.audit.columns.actor')}
              </th>
              <th scope="col" className={th}>
                {t('admin.audit.columns.action')}
              </th>
              <th scope="col" className={th}>
                {t('admin.audit.columns.target')}
              </th>
              <th scope="col" className={th}>
                {t('admin.audit.columns.summary')}
              </th>
              <th scope="col" className={th}>
                {t('admin.audit.columns.ip')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry">
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                </td>
                {/* A name keeps its line (3–50 characters, no spaces); only a long one wraps. */}
                <td className={`${td} min-w-32 break-all`}>
                  <Actor entry={entry} />
                </td>
                <td className={td}>
                  <span
                    className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
                      isFailure(entry.action)
                        ? 'bg-red-50 text-red-800'
                        : 'bg-slate-100 text-slate-800'
                    }`}
                  >
                    {actionLabel(entry.action, t)}
                  </span>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <AuditTarget entry={entry} articleHref={articleHref} />
                </td>
                <td className={`${td} min-w-40 break-words`}>{summaryText(entry, t)}</td>
                <td className={`${td} font-mono text-xs break-all`}>{entry.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
