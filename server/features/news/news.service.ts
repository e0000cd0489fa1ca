import { articleInLanguage, sameText } from '#shared/article-languages';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages';
import type { AdminArticle, Article, CategoryCount, NewsList } from '#shared/news';
import { ArticleInputSchema, PublishToggleSchema } from '#shared/news-schema';
import { pageCount, pageOffset } from '#shared/pagination';
import type { Db } from '../../db/knex';
import { isUniqueViolation, now } from '../../db/values';
import { ConflictError, NotFoundError } from '../../errors';
import { parseInput } from '../../validation';
import { mergeCategoryCounts, storedValuesOf } from './news-categories';
import { applyTranslations, assertNoSourceTranslation } from './news-translations';
import { createNewsRepo, type NewsRepo } from './news.repo';

export type SitemapEntry = {
  slug: string;
  updated_at: string;
  published_at: string;
  /** The languages the article exists in. */
  languages: Language[];
};

export interface NewsService {
  /** Published articles, each in `language` where it has it, else in its source language. */
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
  /** Every article with its source text and translations; `missing`: only those lacking a language. */
  listAdmin(opts?: {
    page?: number;
    perPage?: number;
    published?: boolean;
    missing?: Language;
  }): Promise<AdminArticle[]>;
  create(input: unknown): Promise<AdminArticle>;
  update(id: number, input: unknown): Promise<AdminArticle>;
  setPublished(id: number, published: boolean): Promise<AdminArticle>;
  remove(id: number): Promise<{ id: number }>;
  categories(): Promise<CategoryCount[]>;
  sitemapEntries(): Promise<SitemapEntry[]>;
  slugTaken(slug: string): Promise<boolean>;
}

const slugTakenError = () =>
  new ConflictError('apiErrors.slugTaken', { slug: 'validation.slug.taken' });

/** A unique violation on the slug (the only unique column a write can hit by the admin's choice). */
const isSlugViolation = (error: unknown) =>
  isUniqueViolation(error) && /slug/i.test(String((error as Error).message));

/**
 * News rules: validation, unique slugs, `published_at` set on first
 * publication, and the language versions of each article (CONTRACT.md,
 * "Languages of content").
 */
export function createNewsService({ db }: { db: Db }): NewsService {
  const repo = createNewsRepo(db);

  async function existing(id: number): Promise<AdminArticle> {
    const article = await repo.findById(id);
    if (!article) throw new NotFoundError('apiErrors.articleNotFound');
    return article;
  }

  async function assertSlugFree(slug: string, ownId?: number): Promise<void> {
    const owner = await repo.slugOwner(slug);
    if (owner !== null && owner !== ownId) throw slugTakenError();
  }

  /** Runs the writes of one request in a transaction; answers the article as admins read it. */
  async function write(action: (tx: NewsRepo) => Promise<number>): Promise<AdminArticle> {
    try {
      const id = await db.transaction((trx) => action(createNewsRepo(trx)));
      return await existing(id);
    } catch (error) {
      if (isSlugViolation(error)) throw slugTakenError();
      if (isUniqueViolation(error)) throw new ConflictError('apiErrors.conflict');
      throw error;
    }
  }

  const service: NewsService = {
    async listPublished({ page, perPage, category, language = DEFAULT_LANGUAGE }) {
      const categories = category ? storedValuesOf(category, await repo.categories()) : undefined;
      const total = await repo.count({ published: true, categories });
      const rows = await repo.listPublished({
        limit: perPage,
        offset: pageOffset(page, perPage),
        categories,
      });
      const news = rows.map((a) => articleInLanguage(a, language));
      return { news, total, pages: pageCount(total, perPage), current_page: page };
    },

    async getBySlug(slug, { includeDrafts = false, language, withTranslations = false } = {}) {
      const article = await repo.findBySlug(slug);
      if (!article || (!article.published && !includeDrafts)) {
        throw new NotFoundError('apiErrors.articleNotFound');
      }
      return articleInLanguage(article, language ?? DEFAULT_LANGUAGE, {
        keepTranslations: withTranslations,
      });
    },

    listAdmin({ page, perPage = 20, published, missing } = {}) {
      if (page === undefined) return repo.listAll({ published, missing });
      return repo.listAll({
        published,
        missing,
        limit: perPage,
        offset: pageOffset(page, perPage),
      });
    },

    async create(input) {
      const { translations, source_language, ...fields } = parseInput(ArticleInputSchema, input);
      await assertSlugFree(fields.slug);
      return write(async (tx) => {
        const at = now();
        const id = await tx.insert(
          {
            ...fields,
            source_language: source_language ?? DEFAULT_LANGUAGE,
            published_at: fields.published ? at : null,
          },
          at,
        );
        await applyTranslations(tx, id, {}, translations, at);
        return id;
      });
    },

    async update(id, input) {
      const toggle = PublishToggleSchema.safeParse(input);
      if (toggle.success) return service.setPublished(id, toggle.data.published);
      const before = await existing(id);
      const { title, excerpt, content, category, slug, image_url, published } = before;
      const current = { title, excerpt, content, category, slug, image_url, published };
      const body = typeof input === 'object' && input ? input : {};
      const merged = { ...current, source_language: before.source_language, ...body };
      const parsed = parseInput(ArticleInputSchema, merged);
      const { translations, source_language = before.source_language, ...rest } = parsed;
      const fields = { ...rest, source_language };
      assertNoSourceTranslation(source_language, before.translations, translations);
      await assertSlugFree(fields.slug, id);
      return write(async (tx) => {
        const at = now();
        const firstPublication = fields.published && !before.published_at;
        await tx.update(
          id,
          {
            ...fields,
            published_at: firstPublication ? at : before.published_at,
            // Only a change of the source text makes translations outdated.
            ...(sameText(fields, before) ? {} : { source_updated_at: at }),
          },
          at,
        );
        await applyTranslations(tx, id, before.translations, translations, at);
        return id;
      });
    },

    async setPublished(id, published) {
      const before = await existing(id);
      const published_at = published && !before.published_at ? now() : before.published_at;
      if (!(await repo.update(id, { published, published_at }))) {
        throw new NotFoundError('apiErrors.articleNotFound');
      }
      return existing(id);
    },

    async remove(id) {
      if (!(await repo.remove(id))) throw new NotFoundError('apiErrors.articleNotFound');
      return { id };
    },

    categories: async () => mergeCategoryCounts(await repo.categories()),
    sitemapEntries: () => repo.sitemapEntries(),
    slugTaken: async (slug) => (await repo.slugOwner(slug)) !== null,
  };
  return service;
}
