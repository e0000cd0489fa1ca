import { LANGUAGES, type Language } from '#shared/languages';
import type { AdminArticle } from '#shared/news';
import { REVISION_FIELDS, REVISIONS_KEPT } from '#shared/revisions';
import type { Who } from '../../http/who';
import type { RevisionsRepo, Snapshot } from './revisions.repo';

/**
 * Revisions are written with the save they record, in its transaction: one
 * per language whose text (title, excerpt, content, image text) differs from
 * that language's newest revision. Saving unchanged text, publishing or
 * changing the slug or category adds none.
 *
 * A translation's newest revision is its stored text, so it also keeps the
 * source that text counts as made from: a save that marks the unchanged
 * text current (a new `source_hash`) sets it there instead of adding a
 * revision without a change, and a later restore of that text is current.
 */

type Version = Snapshot & { source_hash: string | null; at: string };

/**
 * The text of every language the article exists in, with the time it was
 * last saved and, for a translation, the source it was made from.
 */
function versionsOf(article: AdminArticle): Map<Language, Version> {
  const { title, excerpt, content, image_alt } = article;
  const out = new Map<Language, Version>([
    [
      article.source_language,
      { title, excerpt, content, image_alt, source_hash: null, at: article.updated_at },
    ],
  ]);
  for (const language of LANGUAGES) {
    const t = article.translations[language];
    if (!t || language === article.source_language) continue;
    out.set(language, {
      title: t.title,
      excerpt: t.excerpt,
      content: t.content,
      image_alt: t.image_alt,
      source_hash: t.source_hash,
      at: t.updated_at,
    });
  }
  return out;
}

const sameSnapshot = (a: Snapshot, b: Snapshot) => REVISION_FIELDS.every((f) => a[f] === b[f]);

/**
 * Before the first save that keeps revisions, the text as it was (written
 * before revisions existed) becomes a revision of its own, by nobody in
 * particular, so that save can be undone too.
 */
export async function keepBaseline(repo: RevisionsRepo, before: AdminArticle): Promise<void> {
  const latest = await repo.latest(before.id);
  for (const [language, { at, ...text }] of versionsOf(before)) {
    if (latest.has(language)) continue;
    await repo.insert({
      news_id: before.id,
      language,
      ...text,
      user_id: null,
      username: null,
      created_at: at,
    });
  }
}

/**
 * A revision for each language the save changed, then the oldest beyond the
 * kept count go; a translation whose text stayed but whose source changed
 * (marked current) has it recorded on its newest revision.
 */
export async function recordRevisions(
  repo: RevisionsRepo,
  after: AdminArticle,
  who: Who,
  at: string,
): Promise<void> {
  const latest = await repo.latest(after.id);
  for (const [language, { at: _saved, ...text }] of versionsOf(after)) {
    const newest = latest.get(language);
    if (newest && sameSnapshot(newest, text)) {
      if (text.source_hash !== null && text.source_hash !== newest.source_hash) {
        await repo.setSourceHash(newest.id, text.source_hash);
      }
      continue;
    }
    await repo.insert({
      news_id: after.id,
      language,
      ...text,
      user_id: who.actor?.id ?? null,
      username: who.actor?.username ?? null,
      created_at: at,
    });
    await repo.prune(after.id, language, REVISIONS_KEPT);
  }
}
