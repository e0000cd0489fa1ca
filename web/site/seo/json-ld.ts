import { articleDate } from '#shared/dates';
import { DEFAULT_NEWS_IMAGE, type Article } from '#shared/news';
import type { Page } from '#shared/pages';
import { searchDescription, socialImage, socialTitle } from '#shared/search-fields';

/**
 * schema.org NewsArticle for an article page, as the object to serialise:
 * `inLanguage` is the language of the article's text, `articleSection` the
 * category's label in the page's language.
 */
export function newsArticleJsonLd(input: {
  article: Article;
  url: string;
  origin: string;
  siteName: string;
  language: string;
  section?: string;
}): Record<string, unknown> {
  const { article, url, origin, siteName, language, section = article.category } = input;
  const published = articleDate(article);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: socialTitle(article),
    description: searchDescription(article),
    inLanguage: language,
    datePublished: published,
    dateModified: article.updated_at ?? published,
    articleSection: section,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: [absoluteUrl(socialImage(article, DEFAULT_NEWS_IMAGE)!, origin)],
    author: { '@type': 'Organization', name: siteName, url: origin },
    publisher: {
      '@type': 'Organization',
      name: siteName,
      logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
    },
  };
}

/** schema.org WebPage for a page (About us, Careers), in the language of its text. */
export function webPageJsonLd(input: {
  page: Page;
  url: string;
  origin: string;
  siteName: string;
  language: string;
}): Record<string, unknown> {
  const { page, url, origin, siteName, language } = input;
  const description = searchDescription(page);
  const image = socialImage(page);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: socialTitle(page),
    ...(description ? { description } : {}),
    inLanguage: language,
    url,
    dateModified: page.updated_at,
    ...(image ? { image: [absoluteUrl(image, origin)] } : {}),
    isPartOf: { '@type': 'WebSite', name: siteName, url: origin },
  };
}

export function absoluteUrl(pathOrUrl: string, origin: string): string {
  try {
    return new URL(pathOrUrl, origin).href;
  } catch {
    return origin;
  }
}

/** JSON for a `<script type="application/ld+json">`: nothing in it can close the element. */
export function jsonLdScript(data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}
