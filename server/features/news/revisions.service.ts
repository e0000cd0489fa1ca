import { z } from 'zod';
import { LANGUAGES, type Language } from '#shared/languages';
import type { AdminArticle } from '#shared/news';
import type { Revision } from '#shared/revisions';
import type { Db } from '../../db/knex';
import { NotFoundError } from '../../errors';
import { NOBODY, type Who } from '../../http/who';
import type { DocumentSave } from './document-audit';
import { parseInput } from '../../validation';
import { snapshotChanges } from './revision-diff';
import { createRevisionsRepo, type RevisionRow } from './revisions.repo';

const ListSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'validation.language.invalid' }).optional(),
});

export type RevisionsService<T = AdminArticle> = {
  /** Newest first, each with what changed since the one before it in its language. */
  list(newsId: number, query: unknown): Promise<Revision[]>;
  /** Saves the revision's text as the article's text in its language again (a new revision). */
  restore(newsId: number, revisionId: number, who?: Who): Promise<T>;
};

/** What revisions need of the articles' (or pages') service. */
type Documents<T> = {
  getById(id: number): Promise<T & { source_language: Language }>;
  update(id: number, input: unknown, who?: Who, save?: DocumentSave): Promise<T>;
};

function toRevision(row: RevisionRow, previous: RevisionRow | null): Revision {
  const { user_id, username, ...rest } = row;
  return {
    ...rest,
    user: username === null ? null : { id: user_id, username },
    changes: snapshotChanges(previous, row),
  };
}

/**
 * The history of an article's (or a page's) text (news-revisions.ts writes it with every
 * save): listed with readable diffs, and restored with one call that is an
 * ordinary save, so a restore can itself be undone.
 */
export function createRevisionsService<T = AdminArticle>({
  db,
  news,
}: {
  db: Db;
  news: Documents<T>;
}): RevisionsService<T> {
  const repo = createRevisionsRepo(db);

  return {
    async list(newsId, query) {
      const { language } = parseInput(ListSchema, query, 'apiErrors.invalidQuery');
      await news.getById(newsId);
      const rows = await repo.list(newsId, language);
      // Rows are newest first; the previous revision of a row is the next one of its language.
      const older = new Map<Language, RevisionRow>();
      const out: Revision[] = [];
      for (const row of [...rows].reverse()) {
        out.push(toRevision(row, older.get(row.language) ?? null));
        older.set(row.language, row);
      }
      return out.reverse();
    },

    async restore(newsId, revisionId, who = NOBODY) {
      const article = await news.getById(newsId);
      const revision = await repo.find(newsId, revisionId);
      if (!revision) throw new NotFoundError('apiErrors.revisionNotFound');
      const { title, excerpt, content, image_alt } = revision;
      const text = { title, excerpt, content, image_alt };
      const input =
        revision.language === article.source_language
          ? text
          : { translations: { [revision.language]: text } };
      return news.update(newsId, input, who, 'revision_restored');
    },
  };
}
