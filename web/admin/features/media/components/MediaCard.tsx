import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/date-time';
import { pickLanguage } from '#shared/languages';
import type { MediaItem } from '#shared/media';
import { RowAction } from '../../../components/RowAction';
import { button } from '../../../lib/ui';

type Props = { item: MediaItem; pending: boolean; onPick: () => void; onDelete: () => void };

/** Kilobytes or megabytes, one decimal. */
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;

/** One upload in the library: the picture, its facts, where it is used, and what can be done. */
export function MediaCard({ item, pending, onPick, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const name = <span className="sr-only">: {item.name}</span>;
  return (
    <li
      data-testid="media-item"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <img
        src={item.url}
        alt=""
        width={item.width}
        height={item.height}
        loading="lazy"
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="space-y-1 p-3 text-sm">
        <p className="truncate font-medium text-slate-900" title={item.name}>
          {item.name}
        </p>
        <p className="text-xs text-slate-600">
          {item.width} × {item.height} · {size(item.bytes)} ·{' '}
          {formatDateTime(item.created_at, pickLanguage(i18n.language))}
        </p>
        <p className="text-xs text-slate-700">
          {item.used_by.length
            ? t('admin.media.usedIn', {
                titles: item.used_by.map((u) => `“${u.title}”`).join(', '),
              })
            : t('admin.media.unused')}
        </p>
        <div className="flex flex-wrap gap-1 pt-1">
          <RowAction pending={pending} className={button.ghost} onClick={onPick}>
            {t('admin.media.use')}
            {name}
          </RowAction>
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
