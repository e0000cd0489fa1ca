import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/dates';
import { publicationStatus } from '#shared/publication';

/**
 * The banner over an article visitors cannot see yet: a draft or a scheduled
 * article opened by its admin, or a shared preview. Nothing for a public one.
 */
export function DraftNotice({
  article,
}: {
  article: { published: boolean; published_at: string | null };
}) {
  const { t } = useTranslation();
  const status = publicationStatus(article);
  if (status === 'published') return null;
  return (
    <p
      role="status"
      className="mb-8 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900"
    >
      {status === 'draft'
        ? t('article.draftNotice')
        : t('article.scheduledNotice', { date: formatDate(article.published_at) })}
    </p>
  );
}
