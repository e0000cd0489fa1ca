import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { CalendarDays } from 'lucide-react';
import { articleDate } from '#shared/dates';
import { MarkdownContent } from '../../../common/markdown';
import { toast } from '../../../common/toast';
import { loadErrorText } from '../../lib/load-error';
import type { ArticleLoaderData } from '../../lib/loaders';
import { CategoryBadge } from '../../ui/CategoryBadge';
import { ArticleNotFound } from './ArticleNotFound';
import { BackToNews } from './BackToNews';

export function ArticlePage() {
  const { t } = useTranslation();
  const { article, error } = useLoaderData() as ArticleLoaderData;
  const errorText = error ? loadErrorText(error, t) || t('article.fetchFailed') : '';

  useEffect(() => {
    if (errorText) toast.error(t('errors.title'), errorText);
  }, [errorText, t]);

  if (!article) return <ArticleNotFound />;
  const date = articleDate(article);
  const iso = article.published_at ?? article.created_at;

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="mb-8">
        <BackToNews />
      </div>
      <header>
        <div className="flex flex-wrap items-center gap-3 text-sm text-steel-600">
          <CategoryBadge category={article.category} />
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={iso}>{date}</time>
          </span>
        </div>
        <h1 className="mt-5 text-3xl font-bold text-balance text-navy-900 sm:text-5xl">
          {article.title}
        </h1>
        <p className="mt-5 text-xl leading-relaxed text-steel-600">{article.excerpt}</p>
      </header>
      {article.image_url && (
        <img
          src={article.image_url}
          alt=""
          width={1200}
          height={630}
          className="mt-10 aspect-[1200/630] w-full rounded-xl bg-navy-100 object-cover"
        />
      )}
      <MarkdownContent source={article.content} className="mt-10 text-lg text-navy-800" />
      <footer className="mt-12 flex flex-col gap-4 border-t border-steel-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-steel-600">
          {t('article.publishedOn')} <time dateTime={iso}>{date}</time>
        </p>
        <BackToNews />
      </footer>
    </article>
  );
}
