import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { articleDate, formatDate } from '#shared/dates';
import { publicationStatus } from '#shared/publication-status';
import { ArticleView } from '../../../common/article/ArticleView';
import { PageView } from '../../../common/article/PageView';
import type { MarkdownBody } from '../../../common/markdown-body';
import { loadErrorText } from '../../lib/load-error';
import type { ArticleLoaderData } from '../../lib/loaders';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { ArticleNotFound } from './ArticleNotFound';
import { BackToNews } from './BackToNews';
import { ContactCta } from './ContactCta';
import { DraftBanner } from './DraftBanner';

const frame = 'mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16';

/**
 * What `/{slug}` shows: an article, or a page (About us, Careers) of that
 * slug, under a "not public" banner when it is a draft, a scheduled one, a
 * language version not published or a shared preview; else the not-found
 * state; each ends with the call to action to the contact form that names
 * it. A text the page's language lacks shows its source text marked with
 * its `lang`, and says so. `Body` renders the markdown: the renderer itself
 * on the server (ArticlePage.server), the server's HTML or a late-loaded
 * renderer in the browser (ArticlePage.client).
 */
export function ArticlePage({ Body }: { Body: MarkdownBody }) {
  const { t } = useTranslation();
  const { slug, article, page, error } = useLoaderData() as ArticleLoaderData;
  // A share link's draft (no slug in its address) leads nowhere yet.
  const shared = slug === '';
  const errorText = error ? loadErrorText(error, t) || t('article.fetchFailed') : '';
  useLoadErrorToast(error, errorText);

  if (page) {
    return (
      <article className={frame}>
        <DraftBanner article={page} />
        <PageView
          title={page.title}
          excerpt={page.excerpt}
          content={page.content}
          imageUrl={page.image_url}
          imageAlt={page.image_alt}
          imageAltLanguage={page.image_alt_language}
          language={page.language}
          languages={page.languages}
          Body={Body}
          priority
        />
        {!shared && <ContactCta slug={page.slug} />}
      </article>
    );
  }
  if (!article) return <ArticleNotFound />;
  const iso = articleDate(article);

  return (
    <article className={frame}>
      <DraftBanner article={article} />
      <div className="mb-8">
        <BackToNews />
      </div>
      <ArticleView
        category={article.category}
        title={article.title}
        excerpt={article.excerpt}
        content={article.content}
        imageUrl={article.image_url}
        imageAlt={article.image_alt}
        imageAltLanguage={article.image_alt_language}
        date={iso}
        language={article.language}
        languages={article.languages}
        Body={Body}
        priority
      />
      <footer className="mt-12 flex flex-col gap-4 border-t border-steel-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        {/* A draft or a scheduled article is not published: its banner says what it is. */}
        {publicationStatus(article) === 'published' && (
          <p className="text-sm text-steel-600">
            {t('article.publishedOn')} <time dateTime={iso}>{formatDate(iso)}</time>
          </p>
        )}
        <BackToNews />
      </footer>
      {!shared && <ContactCta slug={article.slug} />}
    </article>
  );
}
