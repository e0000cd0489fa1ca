import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages';
import { isImageUrl } from '#shared/news';
import { ArticleView } from '../../../../common/article/ArticleView';
import { PageView } from '../../../../common/article/PageView';
import { MarkdownContent } from '../../../../common/markdown';
import { textIn, type ArticleDraft } from '../lib/article-draft';
import { useDocumentKind } from '../lib/document-kind';

type Props = {
  draft: ArticleDraft;
  /** The language whose text is shown (the form's chosen tab). */
  language: Language;
  /** The date the public page would show (ISO): the article's own, or today for a new one. */
  date: string;
};

/**
 * The live preview of the chosen language: the very `ArticleView` the public
 * article page renders, with the title one heading level below 'Preview'. Only the page chrome (back
 * links, footer) is left out.
 */
export function ArticlePreview({ draft, language, date }: Props) {
  const { t } = useTranslation();
  const text = textIn(draft, language);
  const empty = !text.title && !text.excerpt && !text.content;
  const image = draft.image_url.trim();
  const imageUrl = isImageUrl(image) ? image : null;
  const page = useDocumentKind() === 'page';
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
            {page ? (
              <PageView
                title={text.title}
                excerpt={text.excerpt.trim() || null}
                content={text.content}
                language={language}
                imageUrl={imageUrl}
                titleAs="h4"
                Body={MarkdownContent}
              />
            ) : (
              <ArticleView
                category={draft.category}
                title={text.title}
                excerpt={text.excerpt}
                content={text.content}
                language={language}
                imageUrl={imageUrl}
                date={date}
                titleAs="h4"
                Body={MarkdownContent}
              />
            )}
          </article>
        )}
      </div>
    </section>
  );
}
