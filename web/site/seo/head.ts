import { escapeHtml } from '#shared/html';
import { articleDate } from '#shared/dates';
import { isLanguage, LANGUAGES, LOCALES, type Language, type Translate } from '#shared/languages';
import { DEFAULT_NEWS_IMAGE, type Article } from '#shared/news';
import { parsePageParam } from '#shared/pagination';
import { absoluteUrl, jsonLdScript, newsArticleJsonLd } from './json-ld';
import { pageMeta, type PageId } from './meta';

export type HeadInput = {
  pageId: PageId;
  origin: string;
  path: string;
  /** `?…` of the request; only `page` is kept in canonical links. */
  search: string;
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

/** The page's address in no particular language: origin + path, plus `?page=N` beyond page 1 of the news list. */
export function languageNeutralUrl(origin: string, path: string, search: string): string {
  const page = parsePageParam(new URLSearchParams(search).get('page'));
  return `${origin}${path}${path === '/news' && page > 1 ? `?page=${page}` : ''}`;
}

function withLanguage(url: string, language: Language): string {
  const withLang = new URL(url);
  withLang.searchParams.set('lang', language);
  return withLang.href;
}

/**
 * The canonical address. Each language version is a page of its own, so a page
 * asked for with `?lang=pt` names itself (with `?lang=pt`), as its hreflang
 * alternate does; without `?lang=` it is the language-neutral address.
 */
export function canonicalUrl(origin: string, path: string, search: string): string {
  const neutral = languageNeutralUrl(origin, path, search);
  const lang = new URLSearchParams(search).get('lang');
  return isLanguage(lang) ? withLanguage(neutral, lang) : neutral;
}

/** Alternate-language links: `?lang=` for each language and `x-default` without it. */
export function hreflangLinks(neutral: string): string[] {
  return [
    ...LANGUAGES.map((lang) =>
      link({ rel: 'alternate', hreflang: lang, href: withLanguage(neutral, lang) }),
    ),
    link({ rel: 'alternate', hreflang: 'x-default', href: neutral }),
  ];
}

/** Every tag of `<head>` that depends on the page: title, description, links, social cards, JSON-LD. */
export function buildHead(input: HeadInput): string {
  const { pageId, origin, path, search, language, t, article } = input;
  const { title, description } = pageMeta(pageId, t, article);
  const canonical = canonicalUrl(origin, path, search);
  const siteName = t('meta.siteName');
  const tags = [`<title>${escapeHtml(title)}</title>`];
  if (description) tags.push(meta('name', 'description', description));
  if (pageId === 'not-found' || (pageId === 'article' && !article)) {
    tags.push(meta('name', 'robots', 'noindex'));
    return tags.join('');
  }
  tags.push(
    link({ rel: 'canonical', href: canonical }),
    ...hreflangLinks(languageNeutralUrl(origin, path, search)),
  );
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', article?.title ?? title),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', LOCALES[language].replace('-', '_')),
  );
  if (description) tags.push(meta('property', 'og:description', description));
  if (pageId === 'article' && article) {
    const image = absoluteUrl(article.image_url ?? DEFAULT_NEWS_IMAGE, origin);
    tags.push(
      meta('property', 'og:type', 'article'),
      meta('property', 'og:image', image),
      meta('property', 'article:published_time', articleDate(article)),
      meta('property', 'article:section', article.category),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', article.title),
      meta('name', 'twitter:description', article.excerpt),
      meta('name', 'twitter:image', image),
      jsonLdScript(newsArticleJsonLd({ article, url: canonical, origin, siteName, language })),
    );
  } else {
    tags.push(meta('property', 'og:type', 'website'));
  }
  return tags.join('');
}
