import { articleInLanguage, publicLanguages } from '#shared/article-languages';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages';
import { mediaIdsIn, type DocumentUse, type MediaUse } from '#shared/media';
import { ADMIN_PAGE_SIZE, type ListPage } from '#shared/list-query';
import type { AdminArticle, Article, CategoryCount, NewsList } from '#shared/news';
import type { ArticleAdminFilter, ArticleListQuery } from '#shared/news-list';
import { pageCount, pageOffset } from '#shared/pagination';
import { isPublic } from '#shared/publication';
import { systemClock, type Clock } from '../../clock';
import type { ContentChanges } from '../../content-version';
import type { Db } from '../../db/knex';
import { NotFoundError } from '../../errors';
import type { Who } from '../../http/who';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import type { DocumentSave } from './document-audit';
import { mergeCategoryCounts, storedValuesOf } from './news-categories';
import type { UploadLookup } from './document-media';
import { createNewsWrites } from './news-writes';
import type { DocumentKind, StoredDocument } from './document-row';
import type { ArticleFilter } from './news-list-query';
import { createNewsRepo } from './news.repo';
import { createSlugHistoryRepo } from './slug-history.repo';

/**
 * Article ids per sitemap of the index: with each in three languages, at
 * most 300 addresses (the protocol allows 50,000) and about 140 kB of XML,
 * so each file is built about as quickly as the demo's (500 ids made
 * 700 kB, 17-20 ms uncached at 10,000 articles against 2-3 ms) and fits
 * the page cache; the index names one file per 100 ids that hold a public
 * article.
 */
export const SITEMAP_SECTION_SIZE = 100;

export type SitemapEntry = {
  slug: string;
  updated_at: string;
  published_at: string;
  /** The languages the article exists in. */
  languages: Language[];
};

export interface NewsService {
  /** Public articles, each in `language` where it has it, else in its source language. */
  listPublished(opts: {
    page: number;
    perPage: number;
    category?: string;
    language?: Language;
  }): Promise<NewsList>;
  /**
   * The newest public articles (newest publication first), each in
   * `language` where it has it: what a feed shows, without the total that
   * `listPublished` counts.
   */
  latestPublished(opts: { limit: number; language?: Language }): Promise<Article[]>;
  /** One article in `language` (else its source language); with its translations for admins. */
  getBySlug(
    slug: string,
    opts?: { includeDrafts?: boolean; language?: Language; withTranslations?: boolean },
  ): Promise<Article>;
  /** One article as admins read it, whatever its state; 404 when there is none. */
  getById(id: number): Promise<AdminArticle>;
  /** Every article of a list with its source text and translations, drafts included, newest first. */
  listAdmin(filter?: ArticleAdminFilter): Promise<AdminArticle[]>;
  /** One page of that list (ADMIN_PAGE_SIZE unless `per_page`) and the list's total. */
  pageAdmin(query: ArticleListQuery & { page: number }): Promise<ListPage<AdminArticle>>;
  create(input: unknown, who?: Who): Promise<AdminArticle>;
  /**
   * A save of the article's fields (recorded as `save`: an edit, or a
   * revision restored), or with a body of `published` alone, its publication.
   */
  update(id: number, input: unknown, who?: Who, save?: DocumentSave): Promise<AdminArticle>;
  setPublished(id: number, published: boolean, who?: Who): Promise<AdminArticle>;
  remove(id: number, who?: Who): Promise<{ id: number }>;
  categories(): Promise<CategoryCount[]>;
  /** The public articles in the sitemap: all, or one section (by number, from 1; SITEMAP_SECTION_SIZE ids). */
  sitemapEntries(section?: number): Promise<SitemapEntry[]>;
  /** The sections of the sitemap's articles that hold any, by number, each with its last change. */
  sitemapSections(): Promise<{ number: number; lastmod: string }[]>;
  /** True when a new article could not take `slug` without saying so (used or used before). */
  slugTaken(slug: string): Promise<boolean>;
  /**
   * The current slug of the article that had `slug` before (its old address
   * answers 301 there), or null; only articles visitors can see unless `includeDrafts`.
   */
  redirectFor(
    slug: string,
    opts?: { includeDrafts?: boolean; kind?: DocumentKind },
  ): Promise<string | null>;
  /** Milliseconds until the next scheduled article goes public, or null when none waits. */
  untilNextPublication(): Promise<number | null>;
  /**
   * Which articles show each upload (by media id), as their image or in
   * their text: by its path, or its full address on `origin` (PUBLIC_URL's).
   */
  mediaUses(origin?: string): Promise<Map<number, MediaUse[]>>;
}

/** A row of `news` as an article: without what only pages have. */
export function asArticle(document: StoredDocument): AdminArticle {
  const { kind: _kind, nav: _nav, position: _position, ...article } = document;
  return article;
}

/**
 * News rules: reads in a language, only what is public for visitors
 * (`published` and its time come, by the clock handed in), and the writes
 * of news-writes.ts (docs/api.md, "Languages of content" and "Media,
 * scheduling, previews, redirects").
 */
export function createNewsService({
  db,
  content,
  clock = systemClock,
  audit = NO_AUDIT,
  uploads,
}: {
  db: Db;
  /** Told of every committed write: each changes what the public sees. */
  content: Pick<ContentChanges, 'changed'>;
  clock?: Clock;
  /** Where every write is recorded, with who made it. */
  audit?: AuditRecorder;
  /** The media library: a save showing an upload deleted from it is refused. */
  uploads?: UploadLookup;
}): NewsService {
  const repo = createNewsRepo(db);
  const history = createSlugHistoryRepo(db);
  // Each write is announced (to the other instances too) once committed, before it answers.
  const announce = (what: string) => content.changed(what);
  const writes = createNewsWrites({ db, clock, audit, announce, uploads });
  const now = () => clock().toISOString();

  /** The repo's filter: a category asked for by any of its names becomes its stored values. */
  async function adminFilter({ category, ...filter }: ArticleAdminFilter): Promise<ArticleFilter> {
    if (category === undefined) return filter;
    return { ...filter, categories: storedValuesOf(category, await repo.allCategories()) };
  }

  return {
    async listPublished({ page, perPage, category, language = DEFAULT_LANGUAGE }) {
      const at = now();
      const categories = category ? storedValuesOf(category, await repo.categories(at)) : undefined;
      const total = await repo.count({ publicAt: at, categories });
      const rows = await repo.listPublished({
        now: at,
        limit: perPage,
        offset: pageOffset(page, perPage),
        categories,
        total,
      });
      const news = rows.map((a) => articleInLanguage(publicLanguages(asArticle(a)), language));
      return { news, total, pages: pageCount(total, perPage), current_page: page };
    },

    async latestPublished({ limit, language = DEFAULT_LANGUAGE }) {
      const rows = await repo.listPublished({ now: now(), limit, offset: 0 });
      return rows.map((a) => articleInLanguage(publicLanguages(asArticle(a)), language));
    },

    async getBySlug(slug, { includeDrafts = false, language, withTranslations = false } = {}) {
      const stored = await repo.findBySlug(slug);
      if (!stored || (!includeDrafts && !isPublic(stored, clock().getTime()))) {
        throw new NotFoundError('apiErrors.articleNotFound');
      }
      // Admins (who may see drafts) see the translations that are not public yet too.
      const article = includeDrafts ? asArticle(stored) : publicLanguages(asArticle(stored));
      return articleInLanguage(article, language ?? DEFAULT_LANGUAGE, {
        keepTranslations: withTranslations,
      });
    },

    getById: async (id) => asArticle(await writes.existing(id)),

    async listAdmin(filter = {}) {
      return (await repo.listAll(await adminFilter(filter))).map(asArticle);
    },

    async pageAdmin({ page, per_page: perPage = ADMIN_PAGE_SIZE, ...filter }) {
      const { items, total } = await repo.pageAll(await adminFilter(filter), { page, perPage });
      return { items: items.map(asArticle), total };
    },

    create: async (input, who) => asArticle(await writes.create(input, who)),
    update: async (id, input, who, save) => asArticle(await writes.update(id, input, who, save)),
    setPublished: async (id, published, who) =>
      asArticle(await writes.setPublished(id, published, who)),
    remove: (id, who) => writes.remove(id, who),

    categories: async () => mergeCategoryCounts(await repo.categories(now())),
    sitemapEntries: (section) =>
      repo.sitemapEntries(
        now(),
        section === undefined ? undefined : { number: section, size: SITEMAP_SECTION_SIZE },
      ),
    sitemapSections: () => repo.sitemapSections(now(), SITEMAP_SECTION_SIZE),
    slugTaken: (slug) => writes.slugTaken(slug),

    async redirectFor(slug, { includeDrafts = false, kind } = {}) {
      const target = await history.movedTo(slug);
      if (!target || (kind !== undefined && target.kind !== kind)) return null;
      return includeDrafts || isPublic(target, clock().getTime()) ? target.slug : null;
    },

    async untilNextPublication() {
      const at = clock();
      const next = await repo.nextScheduledAt(at.toISOString());
      return next === null ? null : next.getTime() - at.getTime();
    },

    async mediaUses(origin) {
      const uses = new Map<number, MediaUse[]>();
      for (const article of await repo.mediaReferences()) {
        const as = new Map<number, DocumentUse['as']>();
        const note = (id: number, how: 'image' | 'content') =>
          as.set(id, [...new Set([...(as.get(id) ?? []), how])]);
        for (const id of mediaIdsIn(article.image, origin)) note(id, 'image');
        for (const text of article.texts)
          for (const id of mediaIdsIn(text, origin)) note(id, 'content');
        for (const [id, how] of as) {
          const use = { id: article.id, slug: article.slug, title: article.title, as: how };
          uses.set(id, [...(uses.get(id) ?? []), use]);
        }
      }
      return uses;
    },
  };
}
