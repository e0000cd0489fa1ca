import { useTranslation } from 'react-i18next';
import { MarkdownContent } from '../../../../common/markdown';
import type { ArticleDraft } from '../lib/article-draft';

/** The live preview: the content rendered by the same component as the public article page. */
export function ArticlePreview({ draft }: { draft: ArticleDraft }) {
  const { t } = useTranslation();
  const empty = !draft.title && !draft.excerpt && !draft.content;
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
          <article>
            {draft.category && (
              <span className="inline-block rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
                {draft.category}
              </span>
            )}
            <p className="mt-3 font-display text-3xl font-bold tracking-tight text-balance text-navy-900">
              {draft.title}
            </p>
            {draft.excerpt && (
              <p className="mt-4 text-xl leading-relaxed text-steel-600">{draft.excerpt}</p>
            )}
            {/* Same component and classes as the public article page (web/site/pages/article). */}
            <MarkdownContent source={draft.content} className="mt-8 text-lg text-navy-800" />
          </article>
        )}
      </div>
    </section>
  );
}
