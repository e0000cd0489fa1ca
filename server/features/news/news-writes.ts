import { sameText } from '#shared/article-languages';
import { DEFAULT_LANGUAGE } from '#shared/languages';
import { PublishToggleSchema } from '#shared/news-schema';
import type { PublicationState } from '#shared/news';
import { resolvePublishedAt } from '#shared/publication';
import { SLUG_USED_BEFORE } from '#shared/slug';
import type { Clock } from '../../clock';
import type { Db } from '../../db/knex';
import { isUniqueViolation, toIso } from '../../db/values';
import { ConflictError, NotFoundError } from '../../errors';
import { NOBODY, type Who } from '../../http/who';
import { parseInput } from '../../validation';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import { documentEntry, type DocumentChange, type DocumentSave } from './document-audit';
import { assertUploadsExist, NO_UPLOAD_LOOKUP, type UploadLookup } from './document-media';
import { ARTICLE_SPEC, type DocumentSpec } from './document-spec';
import { keepBaseline, recordRevisions } from './news-revisions';
import { applyTranslations, assertNoSourceTranslation } from './news-translations';
import type { StoredDocument } from './document-row';
import { createNewsRepo, type NewsRepo } from './news.repo';
import { createRevisionsRepo, type RevisionsRepo } from './revisions.repo';
import { createSlugHistoryRepo } from './slug-history.repo';
import { storedSourceHash } from './source-hash';

/** What one write works with, all inside its transaction, and the time it happens at. */
type WriteContext = {
  news: NewsRepo;
  /** The media library, asked within the transaction. */
  uploads: UploadLookup;
  history: ReturnType<typeof createSlugHistoryRepo>;
  revisions: RevisionsRepo;
  at: string;
};

/**
 * 409 when the row was saved after the version the editor opened (`opened`,
 * its `updated_at`): the save would undo someone else's changes unseen. The
 * answer's `current` is the row's state as it is now (`now`, when read):
 * whether it and each translation are published, for the editor to say what
 * the colleague changed (shared/news.ts, PublicationState).
 */
function assertUnchangedSince(stored: unknown, opened: string | undefined, now?: StoredDocument) {
  if (opened === undefined || stored === null || stored === undefined) return;
  if (Date.parse(toIso(stored)) === Date.parse(opened)) return;
  const error = new ConflictError('apiErrors.changedSinceOpened', {
    updated_at: 'validation.updatedAt.changed',
  });
  throw now ? error.withCurrent(publicationState(now)) : error;
}

/** Whether a row and each of its translations are published, and when it goes public. */
const publicationState = (d: StoredDocument): PublicationState => ({
  published: d.published,
  published_at: d.published_at,
  translations: Object.fromEntries(
    Object.entries(d.translations).map(([language, t]) => [language, { published: t.published }]),
  ),
});

const slugTakenError = () =>
  new ConflictError('apiErrors.slugTaken', { slug: 'validation.slug.taken' });

/** A unique violation on the slug (the only unique column a write can hit by the admin's choice). */
const isSlugViolation = (error: unknown) =>
  isUniqueViolation(error) && /slug/i.test(String((error as Error).message));

/** True when visitors could see the article at some point up to `at`: its old address was out there. */
const wasPublic = (article: StoredDocument, at: string) =>
  article.published_at !== null && Date.parse(article.published_at) <= Date.parse(at);

/** The search fields as a row stores them: null for none. */
const searchFields = (f: {
  seo_title?: string | null;
  seo_description?: string | null;
  social_image?: string | null;
}) => ({
  seo_title: f.seo_title ?? null,
  seo_description: f.seo_description ?? null,
  social_image: f.social_image ?? null,
});

/**
 * Writes of articles, or of pages (`spec`): validation, unique slugs (one
 * namespace for both kinds) and the slugs they had before, the publication
 * time (scheduling), translations, uploads that still exist (`uploads`),
 * and a revision of every language whose text a save changed, all in one
 * transaction. Each write is announced
 * (`announce`) as soon as it is committed, before anything that could still
 * fail (reading the row back, the audit), and then recorded in the audit
 * trail (`article.updated`, `page.deleted`…).
 */
export function createNewsWrites({
  db,
  clock,
  spec = ARTICLE_SPEC,
  audit = NO_AUDIT,
  announce = async () => undefined,
  uploads = NO_UPLOAD_LOOKUP,
}: {
  db: Db;
  clock: Clock;
  spec?: DocumentSpec;
  audit?: AuditRecorder;
  /** Told of every committed change (content-version.ts `changed`); never rejects. */
  announce?: (what: string) => Promise<void>;
  /** The media library: a write showing a deleted upload is refused (document-media.ts). */
  uploads?: UploadLookup;
}) {
  const repo = createNewsRepo(db, spec.kind);
  const history = createSlugHistoryRepo(db);
  const recorded = async (who: Who, change: DocumentChange, document: StoredDocument) => {
    await audit.record(who, documentEntry(spec.kind, change, document));
    return document;
  };

  async function existing(id: number): Promise<StoredDocument> {
    const article = await repo.findById(id);
    if (!article) throw new NotFoundError(spec.notFound);
    return article;
  }

  /** 409 for a slug another article or page has, or had while public (unless the write takes it over). */
  async function assertSlugFree(slug: string, ownId: number | undefined, reuse = false) {
    const owner = await repo.slugOwner(slug);
    if (owner !== null && owner !== ownId) throw slugTakenError();
    const previous = await history.previousOwner(slug);
    if (previous && previous.id !== ownId && !reuse) {
      throw new ConflictError(spec.slugUsedBefore, { slug: 'validation.slug.usedBefore' })
        .with({ title: previous.title })
        .withCode(SLUG_USED_BEFORE);
    }
  }

  /**
   * Runs a write and records its revisions in one transaction, announces it
   * (`what`) once committed, and answers the row as admins read it.
   */
  async function write(who: Who, what: string, action: (w: WriteContext) => Promise<number>) {
    let id: number;
    try {
      id = await db.transaction(async (trx) => {
        const w: WriteContext = {
          news: createNewsRepo(trx, spec.kind),
          uploads: { missing: (ids) => uploads.missing(ids, trx) },
          history: createSlugHistoryRepo(trx),
          revisions: createRevisionsRepo(trx),
          at: clock().toISOString(),
        };
        const id = await action(w);
        const after = await w.news.findById(id);
        if (after) await recordRevisions(w.revisions, after, who, w.at);
        return id;
      });
    } catch (error) {
      if (isSlugViolation(error)) throw slugTakenError();
      if (isUniqueViolation(error)) throw new ConflictError('apiErrors.conflict');
      throw error;
    }
    await announce(what);
    return existing(id);
  }

  const writes = {
    existing,

    async create(input: unknown, who: Who = NOBODY): Promise<StoredDocument> {
      const parsed = parseInput(spec.schema, input);
      // A new row has no version to compare with: `updated_at` is not read.
      const {
        translations,
        source_language,
        published_at,
        reuse_slug,
        updated_at: _new,
        ...fields
      } = parsed;
      await assertSlugFree(fields.slug, undefined, reuse_slug);
      await assertUploadsExist(uploads, fields, translations);
      const created = await write(who, `${spec.kind} created`, async (w) => {
        // Checked again where the write is made: an upload may have been deleted since.
        await assertUploadsExist(w.uploads, fields, translations);
        const publishedAt = resolvePublishedAt({
          published: fields.published,
          requested: published_at,
          stored: null,
          now: w.at,
        });
        const id = await w.news.insert(
          {
            ...fields,
            category: fields.category ?? '',
            // A new page goes first in its menu unless the write names its place.
            position: fields.position ?? 0,
            image_alt: fields.image_alt ?? null,
            ...searchFields(fields),
            source_language: source_language ?? DEFAULT_LANGUAGE,
            published_at: publishedAt,
          },
          w.at,
        );
        await w.history.release(fields.slug);
        await applyTranslations(w.news, id, {}, translations, w.at, storedSourceHash(fields));
        return id;
      });
      return recorded(who, 'created', created);
    },

    /** A save (recorded as `save`), or with a body of `published` alone, a publication. */
    async update(
      id: number,
      input: unknown,
      who: Who = NOBODY,
      save: DocumentSave = 'updated',
    ): Promise<StoredDocument> {
      const toggle = PublishToggleSchema.safeParse(input);
      if (toggle.success) return writes.setPublished(id, toggle.data.published, who);
      const before = await existing(id);
      const body = typeof input === 'object' && input ? input : {};
      const merged = {
        ...spec.editable(before),
        source_language: before.source_language,
        ...body,
      };
      const parsed = parseInput(spec.schema, merged);
      const { translations, published_at, reuse_slug, updated_at: opened, ...rest } = parsed;
      assertUnchangedSince(before.updated_at, opened, before);
      const source_language = rest.source_language ?? before.source_language;
      const fields = {
        ...rest,
        image_alt: rest.image_alt ?? null,
        ...searchFields(rest),
        source_language,
      };
      assertNoSourceTranslation(source_language, before.translations, translations);
      await assertSlugFree(fields.slug, id, reuse_slug);
      // A restore of a revision comes this way too.
      await assertUploadsExist(uploads, fields, translations);
      const saved = await write(who, `${spec.kind} ${id} saved`, async (w) => {
        // Checked again where the write is made: a save may have landed since `before` was read.
        if (opened !== undefined) assertUnchangedSince(await w.news.versionOf(id), opened);
        // And an upload may have been deleted since.
        await assertUploadsExist(w.uploads, fields, translations);
        await keepBaseline(w.revisions, before);
        const publishedAt = resolvePublishedAt({
          published: fields.published,
          requested: published_at,
          stored: before.published_at,
          now: w.at,
        });
        await w.news.update(
          id,
          {
            ...fields,
            published_at: publishedAt,
            // Only a change of the source text makes translations outdated.
            ...(sameText(fields, before) ? {} : { source_updated_at: w.at }),
          },
          w.at,
        );
        if (fields.slug !== before.slug) {
          // The old address keeps working (301) once visitors could have it.
          if (wasPublic(before, w.at)) await w.history.add(id, before.slug, w.at);
          await w.history.release(fields.slug);
        }
        const hash = storedSourceHash(fields);
        await applyTranslations(w.news, id, before.translations, translations, w.at, hash);
        return id;
      });
      return recorded(who, save, saved);
    },

    /** Publishes (now, or keeps a scheduled time) or takes back (a scheduled one becomes a draft). */
    async setPublished(id: number, published: boolean, who: Who = NOBODY): Promise<StoredDocument> {
      const before = await existing(id);
      const at = clock().toISOString();
      const published_at = resolvePublishedAt({
        published,
        requested: undefined,
        stored: before.published_at,
        now: at,
      });
      if (!(await repo.update(id, { published, published_at }, at))) {
        throw new NotFoundError(spec.notFound);
      }
      await announce(`${spec.kind} ${id} published: ${published}`);
      return recorded(who, published ? 'published' : 'unpublished', await existing(id));
    },

    async remove(id: number, who: Who = NOBODY): Promise<{ id: number }> {
      const before = await existing(id);
      if (!(await repo.remove(id))) throw new NotFoundError(spec.notFound);
      await announce(`${spec.kind} ${id} deleted`);
      await recorded(who, 'deleted', before);
      return { id };
    },

    /** True when a new article or page could not take `slug` without saying so. */
    async slugTaken(slug: string): Promise<boolean> {
      return (await repo.slugOwner(slug)) !== null || (await history.previousOwner(slug)) !== null;
    },
  };
  return writes;
}
