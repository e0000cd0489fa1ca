import {
  ArticleInputSchema,
  PublishToggleSchema,
  type Article,
  type ArticlePayload,
  type CategoryCount,
  type NewsList,
} from '#shared/news';
import { pageCount, pageOffset } from '#shared/pagination';
import type { Db } from '../../db/knex';
import { isUniqueViolation, now } from '../../db/values';
import { ConflictError, NotFoundError } from '../../errors';
import { parseInput } from '../../validation';
import { createNewsRepo, type ArticleFields } from './news.repo';

export type SitemapEntry = { slug: string; updated_at: string; published_at: string };

export interface NewsService {
  listPublished(opts: { page: number; perPage: number; category?: string }): Promise<NewsList>;
  getBySlug(slug: string, opts?: { includeDrafts?: boolean }): Promise<Article>;
  listAdmin(opts?: { page?: number; perPage?: number; published?: boolean }): Promise<Article[]>;
  create(input: unknown): Promise<Article>;
  update(id: number, input: unknown): Promise<Article>;
  setPublished(id: number, published: boolean): Promise<Article>;
  remove(id: number): Promise<{ id: number }>;
  categories(): Promise<CategoryCount[]>;
  sitemapEntries(): Promise<SitemapEntry[]>;
  slugTaken(slug: string): Promise<boolean>;
}

const slugTakenError = () =>
  new ConflictError('apiErrors.slugTaken', { slug: 'validation.slug.taken' });

/** News rules: validation, unique slugs, and `published_at` set on first publication. */
export function createNewsService({ db }: { db: Db }): NewsService {
  const repo = createNewsRepo(db);

  async function existing(id: number): Promise<Article> {
    const article = await repo.findById(id);
    if (!article) throw new NotFoundError('apiErrors.articleNotFound');
    return article;
  }

  async function assertSlugFree(slug: string, ownId?: number): Promise<void> {
    const owner = await repo.slugOwner(slug);
    if (owner !== null && owner !== ownId) throw slugTakenError();
  }

  function fields(payload: ArticlePayload, before?: Article): ArticleFields {
    const firstPublication = payload.published && !before?.published_at;
    return {
      ...payload,
      published_at: firstPublication ? now() : (before?.published_at ?? null),
    };
  }

  async function write<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTakenError();
      throw error;
    }
  }

  const service: NewsService = {
    async listPublished({ page, perPage, category }) {
      const total = await repo.countPublished(category);
      const news = await repo.listPublished({
        limit: perPage,
        offset: pageOffset(page, perPage),
        category,
      });
      return { news, total, pages: pageCount(total, perPage), current_page: page };
    },

    async getBySlug(slug, { includeDrafts = false } = {}) {
      const article = await repo.findBySlug(slug);
      if (!article || (!article.published && !includeDrafts)) {
        throw new NotFoundError('apiErrors.articleNotFound');
      }
      return article;
    },

    listAdmin({ page, perPage = 20, published } = {}) {
      if (page === undefined) return repo.listAll({ published });
      return repo.listAll({ published, limit: perPage, offset: pageOffset(page, perPage) });
    },

    async create(input) {
      const payload = parseInput(ArticleInputSchema, input);
      await assertSlugFree(payload.slug);
      return write(() => repo.insert(fields(payload)));
    },

    async update(id, input) {
      const toggle = PublishToggleSchema.safeParse(input);
      if (toggle.success) return service.setPublished(id, toggle.data.published);
      const before = await existing(id);
      const { id: _id, published_at: _p, created_at: _c, updated_at: _u, ...current } = before;
      const merged = { ...current, ...(typeof input === 'object' && input ? input : {}) };
      const payload = parseInput(ArticleInputSchema, merged);
      await assertSlugFree(payload.slug, id);
      const updated = await write(() => repo.update(id, fields(payload, before)));
      if (!updated) throw new NotFoundError('apiErrors.articleNotFound');
      return updated;
    },

    async setPublished(id, published) {
      const before = await existing(id);
      const published_at = published && !before.published_at ? now() : before.published_at;
      const updated = await repo.update(id, { published, published_at });
      if (!updated) throw new NotFoundError('apiErrors.articleNotFound');
      return updated;
    },

    async remove(id) {
      if (!(await repo.remove(id))) throw new NotFoundError('apiErrors.articleNotFound');
      return { id };
    },

    categories: () => repo.categories(),
    sitemapEntries: () => repo.sitemapEntries(),
    slugTaken: async (slug) => (await repo.slugOwner(slug)) !== null,
  };
  return service;
}
