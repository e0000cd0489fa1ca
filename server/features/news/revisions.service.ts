import { z } from 'zod';
import { sameText } from '#shared/article-languages';
import { LANGUAGES, type Language } from '#shared/languages';
import type { AdminArticle } from '#shared/news';
import type { Revision } from '#shared/revisions';
import type { Db } from '../../db/knex';
import { NotFoundError } from '../../errors';
import { NOBODY, type Who } from '../../http/who';
import type { DocumentSave } from './document-audit';
import { parseInput } from '../../validation';
import { snapshotChanges } from './revision-diff';
import { UNKNOWN_SOURCE_HASH } from './source-hash';
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

/** The text of a stored translation as revisions compare it (a page's excerpt may be null). */
type StoredText = { title: string; excerpt: string | null; content: string };

/** What revisions need of the articles' (or pages') service. */
type Documents<T> = {
  getById(
    id: number,
  ): Promise<
    T & { source_language: Language; translations: Partial<Record<Language, StoredText>> }
  >;
  update(id: number, input: unknown, who?: Who, save?: DocumentSave): Promise<T>;
};

function toRevision(row: RevisionRow, previous: RevisionRow | null): Revision {
  const { user_id, username, source_hash: _source, ...rest } = row;
  return {
    ...rest,
    user: username === null ? null : { id: user_id, username },
    changes: snapshotChanges(previous, row),
  };
}

/**
 * What a restored translation says besides its text. One the article no
 * longer has comes back unpublished, whatever it was: nobody has reviewed
 * it since it went, so visitors do not see it until someone publishes it;
 * one the article still has keeps its state. It keeps the source it was
 * made from, so a translation of an earlier source stays outdated; a
 * revision saved before revisions kept that (null) counts as made from no
 * source there is. A restore of the text the translation has already
 * changes nothing.
 */
function restoredState(current: StoredText | undefined, revision: RevisionRow) {
  const published = current ? {} : { published: false };
  if (current && sameText({ ...current, excerpt: current.excerpt ?? '' }, revision)) {
    return published;
  }
  return { ...published, source_hash: revision.source_hash ?? UNKNOWN_SOURCE_HASH };
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
          : {
              translations: {
                [revision.language]: {
                  ...text,
                  ...restoredState(article.translations[revision.language], revision),
                },
              },
            };
      return news.update(newsId, input, who, 'revision_restored');
    },
  };
}
