import { articleDate } from '#shared/dates';
import { DEFAULT_NEWS_IMAGE, type Article } from '#shared/news';

/** schema.org NewsArticle for an article page, as the object to serialise. */
export function newsArticleJsonLd(input: {
  article: Article;
  url: string;
  origin: string;
  siteName: string;
  language: string;
}): Record<string, unknown> {
  const { article, url, origin, siteName, language } = input;
  const published = articleDate(article);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.excerpt,
    inLanguage: language,
    datePublished: published,
    dateModified: article.updated_at ?? published,
    articleSection: article.category,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: [absoluteUrl(article.image_url ?? DEFAULT_NEWS_IMAGE, origin)],
    author: { '@type': 'Organization', name: siteName, url: origin },
    publisher: {
      '@type': 'Organization',
      name: siteName,
      logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
    },
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
