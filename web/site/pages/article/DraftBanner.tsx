import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/dates';
import type { Article } from '#shared/news';
import { publicationStatus } from '#shared/publication-status';

type Shown = Pick<Article, 'published' | 'published_at' | 'language' | 'language_published'> & {
  translations?: Partial<Record<string, { published: boolean }>>;
};

/**
 * Over an article or page visitors cannot see yet (a draft or a scheduled
 * one shown to its staff, or through a share link), or a language version
 * of it that is not published: says so, so nobody takes the page for the
 * published one.
 */
export function DraftBanner({ article }: { article: Shown }) {
  const { t } = useTranslation();
  const status = publicationStatus(article);
  // Staff reads carry every translation's state, a share link's the shown language's alone.
  const languageDraft =
    article.language_published === false ||
    article.translations?.[article.language]?.published === false;
  if (status === 'published' && !languageDraft) return null;
  return (
    <p
      role="note"
      data-testid="draft-banner"
      className="mb-8 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900"
    >
      {status === 'scheduled'
        ? t('article.scheduledBanner', { date: formatDate(article.published_at) })
        : status === 'draft'
          ? t('article.draftBanner')
          : t('article.languageDraftBanner')}
    </p>
  );
}
