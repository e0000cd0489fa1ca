import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { articleDate } from '#shared/dates';
import { articlePath } from '#shared/language-paths';
import type { Article } from '#shared/news';
import { ArticleMeta } from '../../../common/article/ArticleMeta';
import { NewsImage } from '../../../common/article/NewsImage';
import { usePrefixLanguage } from '../../lib/page-language';

/**
 * One article in the list; the whole card links to the article (under the
 * page's language prefix, if any). The first cards are above the fold, so
 * their images load eagerly (LCP). An article the page's language lacks
 * shows its source text, marked with its `lang`, and says so.
 */
export function NewsCard({ article, priority = false }: { article: Article; priority?: boolean }) {
  const { t } = useTranslation();
  const prefix = usePrefixLanguage();
  return (
    <li className="group overflow-hidden rounded-xl border border-steel-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-(--focus-ring)">
      <Link
        to={articlePath(article.slug, prefix ?? undefined)}
        className="flex h-full flex-col focus:outline-none"
      >
        <NewsImage
          src={article.image_url}
          width={1200}
          height={630}
          sizes="(min-width: 48rem) 50vw, 100vw"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="aspect-[1200/630] w-full bg-navy-100 object-cover"
        />
        <div className="flex flex-1 flex-col p-6">
          <ArticleMeta category={article.category} date={articleDate(article)} text={article} />
          <h2
            lang={article.language}
            className="mt-4 text-xl font-semibold text-navy-900 group-hover:text-navy-700"
          >
            {article.title}
          </h2>
          <p
            lang={article.language}
            className="mt-3 line-clamp-3 flex-1 leading-relaxed text-steel-600"
          >
            {article.excerpt}
          </p>
          <span className="mt-5 inline-flex items-center gap-1 font-semibold text-signal-700">
            {t('news.readMore')}
            <ArrowRight
              aria-hidden="true"
              className="size-4 transition group-hover:translate-x-0.5"
            />
          </span>
        </div>
      </Link>
    </li>
  );
}
