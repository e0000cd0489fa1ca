import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/dates';
import type { Article } from '#shared/news';
import { publicationStatus } from '#shared/publication-status';

/**
 * Over an article visitors cannot see yet (a draft or a scheduled one shown
 * to its admin, or through a share link): says so, so nobody takes the page
 * for the published one.
 */
export function DraftBanner({ article }: { article: Pick<Article, 'published' | 'published_at'> }) {
  const { t } = useTranslation();
  const status = publicationStatus(article);
  if (status === 'published') return null;
  return (
    <p
      role="note"
      data-testid="draft-banner"
      className="mb-8 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900"
    >
      {status === 'scheduled'
        ? t('article.scheduledBanner', { date: formatDate(article.published_at) })
        : t('article.draftBanner')}
    </p>
  );
}
