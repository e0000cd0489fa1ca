import { articleInLanguage, publicLanguages } from '#shared/article-languages';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages';
import { mediaIdsIn, type MediaUse } from '#shared/media';
import type { AdminArticle, Article, CategoryCount, NewsList } from '#shared/news';
import { pageCount, pageOffset } from '#shared/pagination';
import { isPublic } from '#shared/publication';
import { systemClock, type Clock } from '../../clock';
import type { Db } from '../../db/knex';
import { NotFoundError } from '../../errors';
import type { Actor } from '../../http/actor';
import { mergeCategoryCounts, storedValuesOf } from './news-categories';
import { createNewsWrites } from './news-writes';
import type { DocumentKind, StoredDocument } from './document-row';
import { createNewsRepo } from './news.repo';
import { createSlugHistoryRepo } from './slug-history.repo';

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
  /** One article in `language` (else its source language); with its translations for admins. */
  getBySlug(
    slug: string,
    opts?: { includeDrafts?: boolean; language?: Language; withTranslations?: boolean },
  ): Promise<Article>;
  /** One article as admins read it, whatever its state; 404 when there is none. */
  getById(id: number): Promise<AdminArticle>;
  /** Every article with its source text and translations; `missing`: only those lacking a language. */
  listAdmin(opts?: {
    page?: number;
    perPage?: number;
    published?: boolean;
    missing?: Language;
  }): Promise<AdminArticle[]>;
  create(input: unknown, actor?: Actor): Promise<AdminArticle>;
  update(id: number, input: unknown, actor?: Actor): Promise<AdminArticle>;
  setPublished(id: number, published: boolean): Promise<AdminArticle>;
  remove(id: number): Promise<{ id: number }>;
  categories(): Promise<CategoryCount[]>;
  sitemapEntries(): Promise<SitemapEntry[]>;
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
  /** Which articles show each upload (by media id), as their image or in their text. */
  mediaUses(): Promise<Map<number, MediaUse[]>>;
}

/** A row of `news` as an article: without what only pages have. */
export function asArticle(document: StoredDocument): AdminArticle {
  const { kind: _kind, nav: _nav, position: _position, ...article } = document;
  return article;
}

/**
 * News rules: reads in a language, only what is public for visitors
 * (`published` and its time come, by the clock handed in), and the writes
 * of news-writes.ts (CONTRACT.md, "Languages of content" and "Media,
 * scheduling, previews, redirects").
 */
export function createNewsService({
  db,
  clock = systemClock,
}: {
  db: Db;
  clock?: Clock;
}): NewsService {
  const repo = createNewsRepo(db);
  const history = createSlugHistoryRepo(db);
  const writes = createNewsWrites({ db, clock });
  const now = () => clock.now().toISOString();

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
      });
      const news = rows.map((a) => articleInLanguage(publicLanguages(asArticle(a)), language));
      return { news, total, pages: pageCount(total, perPage), current_page: page };
    },

    async getBySlug(slug, { includeDrafts = false, language, withTranslations = false } = {}) {
      const stored = await repo.findBySlug(slug);
      if (!stored || (!includeDrafts && !isPublic(stored, clock.now().getTime()))) {
        throw new NotFoundError('apiErrors.articleNotFound');
      }
      // Admins (who may see drafts) see the translations that are not public yet too.
      const article = includeDrafts ? asArticle(stored) : publicLanguages(asArticle(stored));
      return articleInLanguage(article, language ?? DEFAULT_LANGUAGE, {
        keepTranslations: withTranslations,
      });
    },

    getById: async (id) => asArticle(await writes.existing(id)),

    async listAdmin({ page, perPage = 20, published, missing } = {}) {
      const rows =
        page === undefined
          ? await repo.listAll({ published, missing })
          : await repo.listAll({
              published,
              missing,
              limit: perPage,
              offset: pageOffset(page, perPage),
            });
      return rows.map(asArticle);
    },

    create: async (input, actor) => asArticle(await writes.create(input, actor)),
    update: async (id, input, actor) => asArticle(await writes.update(id, input, actor)),
    setPublished: async (id, published) => asArticle(await writes.setPublished(id, published)),

    async remove(id) {
      if (!(await repo.remove(id))) throw new NotFoundError('apiErrors.articleNotFound');
      return { id };
    },

    categories: async () => mergeCategoryCounts(await repo.categories(now())),
    sitemapEntries: () => repo.sitemapEntries(now()),
    slugTaken: (slug) => writes.slugTaken(slug),

    async redirectFor(slug, { includeDrafts = false, kind } = {}) {
      const target = await history.movedTo(slug);
      if (!target || (kind !== undefined && target.kind !== kind)) return null;
      return includeDrafts || isPublic(target, clock.now().getTime()) ? target.slug : null;
    },

    async untilNextPublication() {
      const at = clock.now();
      const next = await repo.nextScheduledAt(at.toISOString());
      return next === null ? null : next.getTime() - at.getTime();
    },

    async mediaUses() {
      const uses = new Map<number, MediaUse[]>();
      for (const article of await repo.mediaReferences()) {
        const as = new Map<number, MediaUse['as']>();
        const note = (id: number, how: 'image' | 'content') =>
          as.set(id, [...new Set([...(as.get(id) ?? []), how])]);
        for (const id of mediaIdsIn(article.image)) note(id, 'image');
        for (const id of article.texts.flatMap(mediaIdsIn)) note(id, 'content');
        for (const [id, how] of as) {
          const use = { id: article.id, slug: article.slug, title: article.title, as: how };
          uses.set(id, [...(uses.get(id) ?? []), use]);
        }
      }
      return uses;
    },
  };
}
