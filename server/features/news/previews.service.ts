import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { articleInLanguage } from '#shared/article-languages';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages';
import {
  PREVIEW_DEFAULT_DAYS,
  PREVIEW_MAX_DAYS,
  previewPath,
  type CreatedPreviewLink,
  type PreviewDocument,
  type PreviewLink,
} from '#shared/previews';
import { systemClock, type Clock } from '../../clock';
import type { Db } from '../../db/knex';
import { NotFoundError } from '../../errors';
import { NOBODY, type Who } from '../../http/who';
import { parseInput } from '../../validation';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import { documentEntry } from './document-audit';
import type { DocumentKind } from './document-row';
import type { NewsService } from './news.service';
import type { PagesService } from './pages.service';
import { createPreviewsRepo } from './previews.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

const CreatePreviewSchema = z.object({
  expires_in_days: z
    .number({ error: 'validation.preview.days' })
    .int('validation.preview.days')
    .min(1, 'validation.preview.days')
    .max(PREVIEW_MAX_DAYS, 'validation.preview.days')
    .optional(),
});

/** A token's stored form: its SHA-256, so the table cannot be read back into links. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** 128 random bits, URL-safe (22 characters). */
const newToken = () => randomBytes(16).toString('base64url');

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** Whether `language` is published: the source always is (with the row), a translation may not be. */
const publishedIn = (
  translations: Partial<Record<Language, { published: boolean }>> | undefined,
  language: Language,
) => translations?.[language]?.published ?? true;

export type PreviewsService = {
  /** A share link of the article (or page, with `kind`) with this id. */
  create(
    newsId: number,
    input: unknown,
    who?: Who,
    kind?: DocumentKind,
  ): Promise<CreatedPreviewLink>;
  list(newsId: number, kind?: DocumentKind): Promise<PreviewLink[]>;
  revoke(
    newsId: number,
    previewId: number,
    who?: Who,
    kind?: DocumentKind,
  ): Promise<{ id: number }>;
  /** The article or page a share link shows, in `language` where it has it; null when the link does not work. */
  document(token: string, language?: Language): Promise<PreviewDocument | null>;
};

/**
 * Share links of drafts: anyone holding `/preview/<token>` sees the article
 * as it is now, whatever its state, until the link expires (7 days unless
 * chosen, at most 30) or an admin revokes it.
 */
export function createPreviewsService({
  db,
  news,
  pages,
  clock = systemClock,
  audit = NO_AUDIT,
}: {
  db: Db;
  news: Pick<NewsService, 'getById'>;
  pages?: Pick<PagesService, 'getById' | 'getBySlug'>;
  clock?: Clock;
  /** Where links made and revoked are recorded (never their tokens). */
  audit?: AuditRecorder;
}): PreviewsService {
  const repo = createPreviewsRepo(db);
  const now = () => clock();
  /** The row of this kind with the id (its title), else 404. */
  const existing = async (
    id: number,
    kind: DocumentKind,
  ): Promise<{ id: number; title: string }> => {
    if (kind === 'page' && pages) return pages.getById(id);
    if (kind === 'page') throw new NotFoundError('apiErrors.pageNotFound');
    return news.getById(id);
  };

  /**
   * The row a token opens, in `language`: an article, else a page (ids are
   * shared), saying whether the language shown is published (a translation
   * may be a draft while the rest is public), not what the others say.
   */
  async function shown(id: number, language: Language): Promise<PreviewDocument | null> {
    try {
      const article = articleInLanguage(await news.getById(id), language, {
        keepTranslations: true,
      });
      const { translations, ...read } = article;
      return { news: { ...read, language_published: publishedIn(translations, read.language) } };
    } catch (error) {
      if (!(error instanceof NotFoundError) || !pages) throw error;
    }
    const { slug, translations } = await pages.getById(id);
    const page = await pages.getBySlug(slug, { includeDrafts: true, language });
    return { page: { ...page, language_published: publishedIn(translations, page.language) } };
  }

  return {
    async create(newsId, input, who = NOBODY, kind = 'article') {
      const { expires_in_days = PREVIEW_DEFAULT_DAYS } = parseInput(CreatePreviewSchema, input);
      const document = await existing(newsId, kind);
      const at = now();
      await repo.removeExpired(at.toISOString());
      const token = newToken();
      const link = await repo.insert({
        news_id: newsId,
        token_hash: hashOf(token),
        expires_at: new Date(at.getTime() + expires_in_days * DAY_MS).toISOString(),
        created_by: who.actor?.id ?? null,
        created_at: at.toISOString(),
      });
      await audit.record(who, documentEntry(kind, 'preview_created', document));
      return { ...link, token, url: previewPath(token) };
    },

    async list(newsId, kind = 'article') {
      await existing(newsId, kind);
      return repo.active(newsId, now().toISOString());
    },

    async revoke(newsId, previewId, who = NOBODY, kind = 'article') {
      if (!(await repo.remove(newsId, previewId))) {
        throw new NotFoundError('apiErrors.previewNotFound');
      }
      const document = await existing(newsId, kind).catch(() => ({ id: newsId }));
      await audit.record(who, documentEntry(kind, 'preview_revoked', document));
      return { id: previewId };
    },

    async document(token, language = DEFAULT_LANGUAGE) {
      if (!TOKEN_SHAPE.test(token)) return null;
      const id = await repo.articleOf(hashOf(token), now().toISOString());
      if (id === null) return null;
      try {
        return await shown(id, language);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  };
}
