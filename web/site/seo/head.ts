import { categoryLabel } from '#shared/categories';
import { articleDate } from '#shared/dates';
import { escapeHtml } from '#shared/html';
import { localizedPath, splitLanguagePath } from '#shared/language-paths';
import { isLanguage, LANGUAGES, LOCALES, type Language, type Translate } from '#shared/languages';
import { DEFAULT_NEWS_IMAGE, type Article } from '#shared/news';
import { parsePageParam } from '#shared/pagination';
import { HERO_POSTER } from '../pages/home/hero-media';
import { absoluteUrl, jsonLdScript, newsArticleJsonLd } from './json-ld';
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
  const number = parsePageParam(new URLSearchParams(search).get('page'));
  return `${page}${page === '/news' && number > 1 ? `?page=${number}` : ''}`;
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
  const { pageId, origin, path, search, language, t, article } = input;
  const { title, description } = pageMeta(pageId, t, article);
  const siteName = t('meta.siteName');
  const tags = [`<title>${escapeHtml(title)}</title>`];
  if (description) tags.push(meta('name', 'description', description));
  const hidden = pageId === 'not-found' || pageId === 'preview';
  if (hidden || (pageId === 'article' && !article)) {
    tags.push(meta('name', 'robots', 'noindex'));
    return tags.join('');
  }
  const neutral = languageNeutralPath(path, search);
  // An article exists in its own languages only; shown in a language it lacks (its source
  // text, with a note), the page points search engines to the source language's page.
  const languages = article?.languages ?? LANGUAGES;
  const contentLanguage = article?.language ?? language;
  const canonical =
    article && article.language !== language
      ? `${origin}${localizedPath(article.source_language, neutral)}`
      : canonicalUrl(origin, path, search);
  tags.push(
    link({ rel: 'canonical', href: canonical }),
    ...hreflangLinks(origin, neutral, languages),
  );
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', article?.title ?? title),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', ogLocale(contentLanguage)),
    ...languages
      .filter((l) => l !== contentLanguage)
      .map((l) => meta('property', 'og:locale:alternate', ogLocale(l))),
  );
  if (description) tags.push(meta('property', 'og:description', description));
  if (pageId === 'article' && article) {
    const image = absoluteUrl(article.image_url ?? DEFAULT_NEWS_IMAGE, origin);
    const section = categoryLabel(article.category, t);
    tags.push(
      meta('property', 'og:type', 'article'),
      meta('property', 'og:image', image),
      meta('property', 'article:published_time', articleDate(article)),
      meta('property', 'article:section', section),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', article.title),
      meta('name', 'twitter:description', article.excerpt),
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
  } else {
    tags.push(meta('property', 'og:type', 'website'));
  }
  // The hero's still is the home page's largest paint: fetched with the page, not after its styles.
  if (pageId === 'home') {
    tags.push(link({ rel: 'preload', as: 'image', href: HERO_POSTER, fetchpriority: 'high' }));
  }
  return tags.join('');
}
