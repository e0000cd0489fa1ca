import { FileText, Film, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/date-time';
import { pickLanguage, type Translate } from '#shared/languages';
import { uploadKind, type MediaItem, type MediaUse } from '#shared/media';
import { RowAction } from '../../../components/RowAction';
import { button } from '../../../lib/ui';

type Props = {
  item: MediaItem;
  pending: boolean;
  /** "Use this image" (the article form's picker); absent where nothing is being picked. */
  onPick?: () => void;
  onDelete: () => void;
  /** More actions (copy the link, make it the hero's). */
  children?: ReactNode;
};

/** Kilobytes or megabytes, one decimal. */
export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;

/** What shows an upload, in words: articles and pages by title, the hero by its part. */
export function usesText(uses: MediaUse[], t: Translate): string {
  if (uses.length === 0) return t('admin.media.unused');
  const names = uses.map((use) =>
    'site' in use ? t(`admin.media.site.${use.site}`) : `“${use.title}”`,
  );
  return t('admin.media.usedIn', { titles: names.join(', ') });
}

/** One upload in the library: what it looks like, its facts, what shows it, and what can be done. */
export function MediaCard({ item, pending, onPick, onDelete, children }: Props) {
  const { t, i18n } = useTranslation();
  const kind = uploadKind(item.type);
  const name = <span className="sr-only">: {item.name}</span>;
  const preview = kind === 'image' ? item.url : item.poster_url;
  return (
    <li
      data-testid="media-item"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <div className="relative aspect-video w-full bg-slate-100">
        {preview ? (
          <img src={preview} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <FileText
            aria-hidden="true"
            className="absolute inset-0 m-auto h-12 w-12 text-slate-400"
          />
        )}
        {kind !== 'image' && (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">
            {kind === 'video' ? (
              <Film aria-hidden="true" className="h-3.5 w-3.5" />
            ) : (
              <FileText aria-hidden="true" className="h-3.5 w-3.5" />
            )}
            {t(`admin.media.kinds.${kind}`)}
          </span>
        )}
      </div>
      <div className="space-y-1 p-3 text-sm">
        <p className="truncate font-medium text-slate-900" title={item.name}>
          {item.name}
        </p>
        <p className="text-xs text-slate-600">
          {item.width !== null && `${item.width} × ${item.height} · `}
          {fileSize(item.bytes)} · {formatDateTime(item.created_at, pickLanguage(i18n.language))}
        </p>
        <p className="text-xs text-slate-700">{usesText(item.used_by, t)}</p>
        <div className="flex flex-wrap gap-1 pt-1">
          {onPick && (
            <RowAction pending={pending} className={button.ghost} onClick={onPick}>
              {t('admin.media.use')}
              {name}
            </RowAction>
          )}
          {children}
          <RowAction pending={pending} className={button.ghostDanger} onClick={onDelete}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t('admin.media.delete')}
            {name}
          </RowAction>
        </div>
      </div>
    </li>
  );
}
