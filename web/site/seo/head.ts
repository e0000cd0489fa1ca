import { categoryLabel } from '#shared/categories';
import { articleDate } from '#shared/dates';
import { escapeHtml } from '#shared/html';
import { localizedPath, splitLanguagePath } from '#shared/language-paths';
import { isLanguage, LANGUAGES, LOCALES, type Language, type Translate } from '#shared/languages';
import { DEFAULT_NEWS_IMAGE, type Article } from '#shared/news';
import type { Page } from '#shared/pages';
import { parsePageParam } from '#shared/pagination';
import { searchDescription, socialImage, socialTitle } from '#shared/search-fields';
import { HERO_POSTER } from '../pages/home/hero-media';
import { absoluteUrl, jsonLdScript, newsArticleJsonLd, webPageJsonLd } from './json-ld';
import { pageMeta, type PageId } from './meta';

export type HeadInput = {
  pageId: PageId;
  origin: string;
  path: string;
  /** `?…` of the request; only `page` (and a valid `lang`) count for canonical links. */
  search: string;
  /** The page's language (the interface's); an article's text may be in another one. */
  language: Language;
  t: Translate;
  article: Article | null;
  /** A page (About us, Careers) shown at `/{slug}` or through a share link. */
  page?: Page | null;
  /** The page is answered as not found (a news page past the last): never indexed. */
  notFound?: boolean;
};

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
const link = (attrs: Record<string, string>) =>
  `<link ${Object.entries(attrs)
    .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
    .join(' ')}>`;

/** The page path without its language prefix, plus `?page=N` beyond page 1 of the news list. */
export function languageNeutralPath(path: string, search: string): string {
  const page = splitLanguagePath(path).path;
  if (page !== '/news') return page;
  const number = parsePageParam(new URLSearchParams(search).get('page'));
  return `${page}${number > 1 ? `?page=${number}` : ''}`;
}

/** The language the address names: its prefix, else a valid `?lang=`; null for neither. */
function addressLanguage(path: string, search: string): Language | null {
  const lang = new URLSearchParams(search).get('lang');
  return splitLanguagePath(path).language ?? (isLanguage(lang) ? lang : null);
}

/**
 * The canonical address. Each language version is a page of its own: a page
 * whose address names a language (`/pt/news`, or the older `/news?lang=pt`)
 * has the prefixed address of that language; without one it is the
 * language-neutral address.
 */
export function canonicalUrl(origin: string, path: string, search: string): string {
  const neutral = languageNeutralPath(path, search);
  const language = addressLanguage(path, search);
  return `${origin}${language ? localizedPath(language, neutral) : neutral}`;
}

/** Alternate-language links: the prefixed address of each language the page exists in, and `x-default`. */
export function hreflangLinks(
  origin: string,
  neutralPath: string,
  languages: readonly Language[] = LANGUAGES,
): string[] {
  return [
    ...languages.map((lang) =>
      link({
        rel: 'alternate',
        hreflang: lang,
        href: `${origin}${localizedPath(lang, neutralPath)}`,
      }),
    ),
    link({ rel: 'alternate', hreflang: 'x-default', href: `${origin}${neutralPath}` }),
  ];
}

/** Open Graph writes a locale with an underscore: `pt_PT`. */
const ogLocale = (language: Language) => LOCALES[language].replace('-', '_');

/** Every tag of `<head>` that depends on the page: title, description, links, social cards, JSON-LD. */
export function buildHead(input: HeadInput): string {
  const { pageId, origin, path, search, language, t } = input;
  const page = pageId === 'article' || pageId === 'preview' ? (input.page ?? null) : null;
  const article = page ? null : input.article;
  const shown = article ?? page;
  const { title, description } = pageMeta(pageId, t, shown);
  const siteName = t('meta.siteName');
  const tags = [`<title>${escapeHtml(title)}</title>`];
  if (description) tags.push(meta('name', 'description', description));
  const hidden = pageId === 'not-found' || pageId === 'preview' || input.notFound === true;
  if (hidden || (pageId === 'article' && !shown)) {
    tags.push(meta('name', 'robots', 'noindex'));
    return tags.join('');
  }
  const neutral = languageNeutralPath(path, search);
  // An article or page exists in its own languages only; shown in a language it lacks (its
  // source text, with a note), the page points search engines to the source language's page.
  const languages = shown?.languages ?? LANGUAGES;
  const contentLanguage = shown?.language ?? language;
  const canonical =
    shown && shown.language !== language
      ? `${origin}${localizedPath(shown.source_language, neutral)}`
      : canonicalUrl(origin, path, search);
  tags.push(
    link({ rel: 'canonical', href: canonical }),
    ...hreflangLinks(origin, neutral, languages),
  );
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', shown ? socialTitle(shown) : title),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', ogLocale(contentLanguage)),
    ...languages
      .filter((l) => l !== contentLanguage)
      .map((l) => meta('property', 'og:locale:alternate', ogLocale(l))),
  );
  if (description) tags.push(meta('property', 'og:description', description));
  if (pageId === 'article' && article) {
    const image = absoluteUrl(socialImage(article, DEFAULT_NEWS_IMAGE)!, origin);
    const section = categoryLabel(article.category, t);
    tags.push(
      meta('property', 'og:type', 'article'),
      meta('property', 'og:image', image),
      meta('property', 'article:published_time', articleDate(article)),
      meta('property', 'article:section', section),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', socialTitle(article)),
      meta('name', 'twitter:description', searchDescription(article)),
      meta('name', 'twitter:image', image),
      jsonLdScript(
        newsArticleJsonLd({
          article,
          url: canonical,
          origin,
          siteName,
          language: contentLanguage,
          section,
        }),
      ),
    );
  } else if (page) {
    const picture = socialImage(page);
    const image = picture ? absoluteUrl(picture, origin) : null;
    tags.push(
      meta('property', 'og:type', 'website'),
      ...(image ? [meta('property', 'og:image', image), meta('name', 'twitter:image', image)] : []),
      meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', socialTitle(page)),
      ...(description ? [meta('name', 'twitter:description', description)] : []),
      jsonLdScript(
        webPageJsonLd({ page, url: canonical, origin, siteName, language: contentLanguage }),
      ),
    );
  } else {
    tags.push(meta('property', 'og:type', 'website'));
  }
  // The hero's still is the home page's largest paint: fetched with the page, not after its styles.
  if (pageId === 'home') {
    tags.push(link({ rel: 'preload', as: 'image', href: HERO_POSTER, fetchpriority: 'high' }));
  }
  return tags.join('');
}
