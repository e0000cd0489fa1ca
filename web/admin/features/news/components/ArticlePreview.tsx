import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/dates';
import { isHttpUrl, NEWS_CATEGORIES } from '#shared/news';
import { MarkdownContent } from '../../../../common/markdown';
import type { ArticleDraft } from '../lib/article-draft';

type Props = {
  draft: ArticleDraft;
  /** The date the public page would show (ISO): the article's own, or today for a new one. */
  date: string;
};

/**
 * The live preview: the article laid out as the public article page
 * (web/site/pages/article/ArticlePage.tsx) lays it out: same order, same
 * classes, same markdown component. Only the page chrome (back links) is left out.
 * Keep the two in step until that markup lives in web/common.
 */
export function ArticlePreview({ draft, date }: Props) {
  const { t } = useTranslation();
  const empty = !draft.title && !draft.excerpt && !draft.content;
  const image = draft.image_url.trim();
  const category = (NEWS_CATEGORIES as readonly string[]).includes(draft.category)
    ? t(`news.categories.${draft.category}`)
    : draft.category;
  return (
    <section
      aria-labelledby="article-preview-title"
      className="flex min-h-0 flex-col self-start rounded-lg border border-slate-200 bg-slate-50 lg:sticky lg:top-4"
    >
      <h3
        id="article-preview-title"
        className="border-b border-slate-200 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        {t('admin.form.preview')}
      </h3>
      <div className="overflow-y-auto bg-white px-5 py-4 lg:max-h-[60vh]">
        {empty ? (
          <p className="text-sm text-slate-500">{t('admin.form.previewEmpty')}</p>
        ) : (
          <article data-testid="article-preview">
            <header>
              <div className="flex flex-wrap items-center gap-3 text-sm text-steel-600">
                {category && (
                  <span className="inline-flex items-center rounded-full bg-signal-100 px-3 py-1 text-xs font-semibold tracking-wide text-signal-700 uppercase">
                    {category}
                  </span>
                )}
                <span className="inline-flex items-center gap-1">
                  <CalendarDays aria-hidden="true" className="size-4" />
                  <time dateTime={date}>{formatDate(date)}</time>
                </span>
              </div>
              {/* An h1 on the page; one level below 'Preview' here, with the h1's look. */}
              <h4 className="mt-5 font-display text-3xl font-bold tracking-tight text-balance text-navy-900 sm:text-5xl">
                {draft.title}
              </h4>
              <p className="mt-5 text-xl leading-relaxed text-steel-600">{draft.excerpt}</p>
            </header>
            {isHttpUrl(image) && (
              <img
                src={image}
                alt=""
                width={1200}
                height={630}
                className="mt-10 aspect-[1200/630] w-full rounded-xl bg-navy-100 object-cover"
              />
            )}
            <MarkdownContent source={draft.content} className="mt-10 text-lg text-navy-800" />
          </article>
        )}
      </div>
    </section>
  );
}
