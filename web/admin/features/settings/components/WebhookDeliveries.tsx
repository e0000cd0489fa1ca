import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/dates';
import { pickLanguage, type Translate } from '#shared/languages';
import { formatRelativeTime } from '#shared/relative-time';
import type { WebhookDelivery } from '#shared/webhooks';
import { useNow } from '../../../hooks/useNow';
import { card } from '../../../lib/ui';
import { useWebhookDeliveriesQuery } from '../api/settings.queries';

const STATUS_LOOK = {
  pending: 'text-slate-700',
  sent: 'text-emerald-800',
  failed: 'text-red-800',
  cancelled: 'text-slate-600',
} as const;

/** Why the last attempt failed, in the reader's language; an error stored as text before codes, as it is. */
export function webhookErrorText(error: WebhookDelivery['last_error'], t: Translate): string {
  if (!error) return '';
  if (error.code === null) return error.text;
  return t(`admin.settings.deliveries.errors.${error.code}`, error.values);
}

/**
 * The enquiry webhook's latest calls under the settings: which enquiry,
 * when it was queued, delivered, waiting (and when it is tried again),
 * failed or cancelled, how many attempts, and the last error.
 */
export function WebhookDeliveries() {
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  const now = useNow();
  const deliveries = useWebhookDeliveriesQuery();
  const k = 'admin.settings.deliveries';
  return (
    <section aria-labelledby="webhook-deliveries" className={`${card} space-y-3 p-4 sm:p-6`}>
      <h2 id="webhook-deliveries" className="text-base font-semibold text-slate-900">
        {t(`${k}.title`)}
      </h2>
      {deliveries.isError ? (
        <p className="text-sm text-red-700">{t(`${k}.loadFailed`)}</p>
      ) : !deliveries.data?.length ? (
        <p className="text-sm text-slate-600">{deliveries.data ? t(`${k}.empty`) : '…'}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="webhook-deliveries">
            <caption className="sr-only">{t(`${k}.caption`)}</caption>
            <thead className="text-xs text-slate-600">
              <tr>
                {(['enquiry', 'created', 'status', 'attempts', 'detail'] as const).map((c) => (
                  <th key={c} scope="col" className="px-2 py-1 font-medium">
                    {t(`${k}.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {deliveries.data.map((d) => (
                <tr key={d.id}>
                  <td className="px-2 py-1.5">
                    {d.contact_id === null ? '–' : t(`${k}.enquiry`, { id: d.contact_id })}
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap">
                    <time dateTime={d.created_at}>{formatDateTime(d.created_at, language)}</time>
                  </td>
                  <td className={`px-2 py-1.5 font-semibold ${STATUS_LOOK[d.status]}`}>
                    {t(`${k}.status.${d.status}`)}
                    {d.status === 'pending' && d.next_attempt_at && (
                      <span className="block text-xs font-normal text-slate-600">
                        {t(`${k}.retry`, {
                          when: formatRelativeTime(d.next_attempt_at, now, language),
                        })}
                      </span>
                    )}
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">{d.attempts}</td>
                  <td className="px-2 py-1.5 break-all text-slate-700">
                    {webhookErrorText(d.last_error, t)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
