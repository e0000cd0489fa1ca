import { articleLanguages, type ArticleTranslations } from '#shared/article-languages';
import { pickLanguage } from '#shared/languages';
import type { AdminArticle } from '#shared/news';
import { PAGE_NAVS, type PageNav } from '#shared/pages';
import { toBool, toIso, toIsoOrNull } from '../../db/values';
import { storedSourceHash } from './source-hash';
import type { TranslationRow } from './translations.repo';

type Row = Record<string, unknown>;

/**
 * What `news` holds: articles, and pages (docs/api.md, "Pages"), which share
 * its slugs, translations, revisions, share links and old slugs.
 */
export type DocumentKind = 'article' | 'page';

/**
 * A row of either kind as the writes and services work with it: an article's
 * shape (a page's category is empty, its missing excerpt an empty one) plus
 * its kind and place in the navigation.
 */
export type StoredDocument = AdminArticle & { kind: DocumentKind; nav: PageNav; position: number };

const textOrNull = (value: unknown) =>
  value === null || value === undefined ? null : String(value);

/** A row of `news` and its translations as the writes and services use it. */
export function toDocument(row: Row, rows: TranslationRow[]): StoredDocument {
  const sourceChanged = Date.parse(toIso(row.source_updated_at ?? row.updated_at));
  const translations: ArticleTranslations = {};
  const source = pickLanguage(row.source_language);
  // A translation is outdated when the source differs from the text it was made from
  // (its hash), or, for one saved before hashes were kept, when the source changed after it.
  let hash: string | undefined;
  const currentHash = () =>
    (hash ??= storedSourceHash({
      title: String(row.title),
      excerpt: String(row.excerpt),
      content: String(row.content),
    }));
  for (const t of rows) {
    if (t.language === source) continue;
    const { language: _language, ...stored } = t;
    translations[t.language] = {
      ...stored,
      outdated:
        t.source_hash !== null
          ? t.source_hash !== currentHash()
          : Date.parse(t.updated_at) < sourceChanged,
    };
  }
  const nav = PAGE_NAVS.find((n) => n === row.nav) ?? 'none';
  return {
    id: Number(row.id),
    title: String(row.title),
    excerpt: String(row.excerpt),
    content: String(row.content),
    category: String(row.category),
    slug: String(row.slug),
    image_url: row.image_url === null || row.image_url === undefined ? null : String(row.image_url),
    image_alt: textOrNull(row.image_alt),
    seo_title: textOrNull(row.seo_title),
    seo_description: textOrNull(row.seo_description),
    social_image: textOrNull(row.social_image),
    published: toBool(row.published),
    published_at: toIsoOrNull(row.published_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    language: source,
    source_language: source,
    languages: articleLanguages(source, translations),
    translations,
    kind: row.kind === 'page' ? 'page' : 'article',
    nav,
    position: Number(row.position ?? 0),
  };
}

/** Rows of `news` as documents, with the translations of all of them read at once. */
export async function toDocuments(
  rows: Row[],
  translations: { forArticles(ids: number[]): Promise<Map<number, TranslationRow[]>> },
): Promise<StoredDocument[]> {
  const byArticle = await translations.forArticles(rows.map((r) => Number(r.id)));
  return rows.map((r) => toDocument(r, byArticle.get(Number(r.id)) ?? []));
}
