import { useTranslation } from 'react-i18next';
import { localizedPath } from '#shared/language-paths';
import type { Language } from '#shared/languages';
import { searchDescription, searchTitle } from '#shared/search-fields';
import { blankSearch, textIn, type ArticleDraft } from '../lib/article-draft';

/** What a search result shows before cutting: about 60 characters of title, 160 of description. */
const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * The search result of one language version as a search engine would show
 * it: the page's `<title>` (its search title, else "Title | Site"), its
 * address and its description (else the excerpt), cut where results cut them.
 */
export function SearchPreview({ draft, language }: { draft: ArticleDraft; language: Language }) {
  const { t } = useTranslation();
  const search = draft.search[language] ?? blankSearch;
  const text = textIn(draft, language);
  const shown = {
    title: text.title.trim(),
    excerpt: text.excerpt.trim(),
    seo_title: search.seo_title.trim() || null,
    seo_description: search.seo_description.trim() || null,
  };
  const origin = typeof window === 'undefined' ? '' : window.location.host;
  const path = localizedPath(language, `/${draft.slug || '…'}`);
  return (
    <figure
      aria-labelledby="search-preview-title"
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="search-preview"
    >
      <figcaption
        id="search-preview-title"
        className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        {t('admin.seo.preview')}
      </figcaption>
      <div lang={language}>
        <p className="truncate text-xs text-slate-600">
          {[origin, ...path.split('/').filter(Boolean)].join(' › ')}
        </p>
        <p className="mt-1 text-lg leading-snug text-[#1a0dab]">
          {cut(searchTitle(shown, t('meta.siteName')), 60)}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {cut(searchDescription(shown), 160) || t('admin.seo.noDescription')}
        </p>
      </div>
    </figure>
  );
}
