import type { z } from 'zod';
import type { Language } from '#shared/languages';
import { ArticleInputSchema } from '#shared/news-schema';
import { PageInputSchema } from '#shared/page-schema';
import type { PageNav } from '#shared/pages';
import type { TranslationsInput } from '#shared/news-schema';
import type { DocumentKind, StoredDocument } from './document-row';

/**
 * What a write of either kind parses to: an article's fields, or a page's
 * (no category; a place in the navigation; an excerpt that may be empty).
 */
export type DocumentPayload = {
  title: string;
  excerpt: string;
  content: string;
  image_alt?: string | null;
  slug: string;
  image_url: string | null;
  seo_title?: string | null;
  seo_description?: string | null;
  social_image?: string | null;
  published: boolean;
  published_at?: string | null;
  reuse_slug?: boolean;
  source_language?: Language;
  /** The version the editor opened (an update refuses to undo a later save). */
  updated_at?: string;
  translations?: TranslationsInput;
  category?: string;
  nav?: PageNav;
  position?: number;
};

/** How the shared writes (news-writes.ts) treat one kind of row. */
export type DocumentSpec = {
  kind: DocumentKind;
  schema: z.ZodType<DocumentPayload, unknown>;
  /** The message of a 404 for this kind. */
  notFound: string;
  /** The message of the 409 for a slug another row had before, offering to take it over. */
  slugUsedBefore: string;
  /** The stored values an update keeps where its body names nothing else. */
  editable(stored: StoredDocument): Record<string, unknown>;
};

const shared = (d: StoredDocument) => ({
  title: d.title,
  excerpt: d.excerpt,
  content: d.content,
  image_alt: d.image_alt,
  slug: d.slug,
  image_url: d.image_url,
  seo_title: d.seo_title,
  seo_description: d.seo_description,
  social_image: d.social_image,
  published: d.published,
});

export const ARTICLE_SPEC: DocumentSpec = {
  kind: 'article',
  schema: ArticleInputSchema,
  notFound: 'apiErrors.articleNotFound',
  slugUsedBefore: 'apiErrors.slugUsedBefore',
  editable: (d) => ({ ...shared(d), category: d.category }),
};

export const PAGE_SPEC: DocumentSpec = {
  kind: 'page',
  schema: PageInputSchema,
  notFound: 'apiErrors.pageNotFound',
  slugUsedBefore: 'apiErrors.pageSlugUsedBefore',
  editable: (d) => ({ ...shared(d), nav: d.nav, position: d.position }),
};
