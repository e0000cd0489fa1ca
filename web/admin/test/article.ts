import type { Article } from '#shared/news';

/**
 * An unpublished English article as the admin reads it from the API, for
 * the editor's and the list's tests; each test changes what it is about.
 */
export function anArticle(changes: Partial<Article> = {}): Article {
  return {
    id: 7,
    title: 'Welding cell',
    excerpt: 'Short summary',
    content: 'Body',
    category: 'Technology',
    slug: 'welding-cell',
    image_url: null,
    image_alt: null,
    seo_title: null,
    seo_description: null,
    social_image: null,
    published: false,
    published_at: null,
    created_at: '2025-02-28T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    language: 'en',
    source_language: 'en',
    languages: ['en'],
    ...changes,
  };
}
