import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/date-time';
import { pickLanguage } from '#shared/languages';
import { PREVIEW_DEFAULT_DAYS, PREVIEW_MAX_DAYS } from '#shared/previews';
import { toast } from '../../../../common/toast';
import { RowAction } from '../../../components/RowAction';
import { Spinner } from '../../../components/Spinner';
import { button, input, label } from '../../../lib/ui';
import { useCreatePreview, usePreviews, useRevokePreview } from '../api/history.queries';
import { useDocumentKind } from '../lib/document-kind';

const DAY_CHOICES = [1, PREVIEW_DEFAULT_DAYS, PREVIEW_MAX_DAYS];

/**
 * Share links of the article (or page) as it is now, for people without an account:
 * each lasts the days chosen, can be revoked at any time, and its address is
 * shown once, when it is made (only its fingerprint is stored).
 */
export function SharePreview({ articleId }: { articleId: number }) {
  const { t, i18n } = useTranslation();
  const page = useDocumentKind() === 'page';
  const language = pickLanguage(i18n.language);
  const links = usePreviews(articleId);
  const create = useCreatePreview();
  const revoke = useRevokePreview();
  const [days, setDays] = useState(PREVIEW_DEFAULT_DAYS);
  const [made, setMade] = useState<{ id: number; address: string; expires: string } | null>(null);

  const share = () =>
    create.mutate(
      { id: articleId, days },
      {
        onSuccess: (link) =>
          setMade({
            id: link.id,
            address: new URL(link.url, window.location.origin).href,
            expires: link.expires_at,
          }),
        onError: (error) => toast.failure(t, error, 'admin.previews.createFailed'),
      },
    );
  const copy = (address: string) =>
    navigator.clipboard.writeText(address).then(
      () => toast.success(t('admin.previews.copied')),
      () => toast.error(t, t('admin.previews.copyFailed')),
    );

  return (
    <section aria-labelledby="share-preview-title" className="space-y-2">
      <h4 id="share-preview-title" className={label}>
        {t('admin.previews.title')}
      </h4>
      <p className="text-xs text-slate-600">
        {t(page ? 'admin.pages.previewHint' : 'admin.previews.hint')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label={t('admin.previews.days')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          className={`${input} w-auto`}
        >
          {DAY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {t('admin.previews.forDays', { count: d })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={button.secondary}
          onClick={share}
          disabled={create.isPending}
        >
          {create.isPending ? (
            <Spinner className="h-4 w-4" />
          ) : (
            <Link2 aria-hidden="true" className="h-4 w-4" />
          )}
          {t('admin.previews.share')}
        </button>
      </div>
      {made && (
        <div className="space-y-1 rounded-md bg-sky-50 p-3">
          <div className="flex gap-2">
            <input
              readOnly
              aria-label={t('admin.previews.address')}
              value={made.address}
              onFocus={(e) => e.target.select()}
              className={`${input} font-mono`}
            />
            <button type="button" className={button.secondary} onClick={() => copy(made.address)}>
              <Copy aria-hidden="true" className="h-4 w-4" />
              {t('admin.previews.copy')}
            </button>
          </div>
          <p className="text-xs text-slate-700">
            {t('admin.previews.expires', { date: formatDateTime(made.expires, language) })}
          </p>
        </div>
      )}
      {!!links.data?.length && (
        <ul className="space-y-1" aria-label={t('admin.previews.active')}>
          {links.data.map((link) => (
            <li
              key={link.id}
              data-testid="preview-link"
              className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-700"
            >
              <span>
                {t('admin.previews.linkInfo', {
                  created: formatDateTime(link.created_at, language),
                  expires: formatDateTime(link.expires_at, language),
                  user: link.created_by?.username ?? '—',
                })}
              </span>
              <RowAction
                pending={revoke.isPending && revoke.variables.previewId === link.id}
                className={button.ghostDanger}
                onClick={() =>
                  revoke.mutate(
                    { id: articleId, previewId: link.id },
                    {
                      onSuccess: () => {
                        toast.success(t('admin.previews.revoked'));
                        setMade((shown) => (shown?.id === link.id ? null : shown));
                      },
                      onError: (error) => toast.failure(t, error, 'admin.previews.revokeFailed'),
                    },
                  )
                }
              >
                {t('admin.previews.revoke')}
              </RowAction>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
