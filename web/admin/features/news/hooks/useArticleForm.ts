import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleText } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import type { ArticlePayload } from '#shared/news-schema';
import type { Article } from '#shared/news';
import type { PagePayload } from '#shared/page-schema';
import type { AdminPage } from '#shared/pages';
import { slugify, SLUG_USED_BEFORE } from '#shared/slug';
import { ApiError } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { useCreateNews, useUpdateNews } from '../api/news.queries';
import { useCreatePage, useUpdatePage } from '../api/pages.queries';
import {
  blankSearch,
  emptyDraft,
  isUnchanged,
  slugFollowsTitle,
  textIn,
  withSourceLanguage,
  type ArticleDraft,
  type DraftErrors,
  type DraftField,
  type SearchDraft,
  type TextField,
} from '../lib/article-draft';
import { colleagueChanges, type ColleagueChange } from '../lib/colleague-changes';
import { useDocumentKind } from '../lib/document-kind';
import { checkDraft } from '../lib/draft-payload';
import { draftSourceHash } from '../lib/language-state';
import { changesOnly } from '../lib/overwrite';
import { publicationFields } from '../lib/schedule';

export type FormMode =
  | {
      kind: 'create';
      draft: ArticleDraft;
      /** Languages to draft from the source as the form opens ("Using AI" in all three). */
      translate?: readonly Language[];
    }
  | { kind: 'edit'; article: Article | AdminPage; draft: ArticleDraft };

/** The writes of the editor's kind: articles, or pages. */
function useWrites() {
  const kind = useDocumentKind();
  const [createNews, updateNews] = [useCreateNews(), useUpdateNews()];
  const [createPage, updatePage] = [useCreatePage(), useUpdatePage()];
  const page = kind === 'page';
  return {
    kind,
    busy: page
      ? createPage.isPending || updatePage.isPending
      : createNews.isPending || updateNews.isPending,
    create(payload: ArticlePayload | PagePayload, opts: Callbacks) {
      if (page) createPage.mutate(payload as PagePayload, opts);
      else createNews.mutate(payload as ArticlePayload, opts);
    },
    update(id: number, payload: ArticlePayload | PagePayload, opts: Callbacks) {
      if (page) updatePage.mutate({ id, payload: payload as PagePayload }, opts);
      else updateNews.mutate({ id, payload: payload as ArticlePayload }, opts);
    },
  };
}

type Callbacks = { onSuccess: () => void; onError: (error: unknown) => void };

/**
 * State and submit of the create/edit form. The slug follows the title until
 * edited by hand (on edit it never follows: links to a live article must not
 * break by accident). Errors hold display texts, one per field. `dirty`: there
 * is something to lose by closing (an edit, an AI draft not saved yet, or a
 * picture still uploading). `uploading`: a picture is on its way into a field,
 * and saving waits for it (`trackUpload` is told by the drop zones).
 */
export function useArticleForm(mode: FormMode, onSaved: () => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ArticleDraft>(mode.draft);
  const [slugAuto, setSlugAuto] = useState(mode.kind === 'create' && slugFollowsTitle(mode.draft));
  const [errors, setErrors] = useState<DraftErrors>({});
  /** Counts saves refused for what a field says (here or by the server): the form then shows the first. */
  const [refusals, setRefusals] = useState(0);
  /**
   * The slug the last refusal said another article or page had before
   * (it may be taken over), and the one the admin chose to take over: every
   * save with that slug then says so.
   */
  const [slugOffered, setSlugOffered] = useState<string | null>(null);
  const [slugTakenOver, setSlugTakenOver] = useState<string | null>(null);
  /** What a colleague changed of the publication, as the last 409 said (shown beside "Save anyway"). */
  const [colleague, setColleague] = useState<ColleagueChange[]>([]);
  /** Uploads on their way into a field (the image, a social image). */
  const [uploads, setUploads] = useState(0);
  const trackUpload = useCallback(
    (pending: boolean) => setUploads((n) => n + (pending ? 1 : -1)),
    [],
  );
  const writes = useWrites();
  const saved = mode.kind === 'edit' ? mode.draft : emptyDraft;

  function set<K extends DraftField>(field: K, value: ArticleDraft[K]) {
    setDraft((previous) => {
      const next = { ...previous, [field]: value };
      if (field === 'title' && slugAuto) next.slug = slugify(String(value));
      return next;
    });
    if (field === 'slug') setSlugAuto(mode.kind === 'create' && value === '');
    setErrors((previous) => ({
      ...previous,
      [field]: undefined,
      ...(field === 'title' && slugAuto ? { slug: undefined } : {}),
    }));
  }

  /**
   * A text field of one language: the source's (the slug may follow its
   * title) or a translation's, which an edit by hand makes a translation of
   * the source as it reads now (published unless the admin chose otherwise).
   */
  function setText(language: Language, field: TextField, value: string) {
    if (language === draft.source_language) return set(field, value);
    setDraft((previous) => ({
      ...previous,
      translations: {
        ...previous.translations,
        [language]: { ...textIn(previous, language), [field]: value },
      },
      states: {
        ...previous.states,
        [language]: {
          published: previous.states[language]?.published ?? true,
          source_hash: draftSourceHash(previous),
        },
      },
    }));
    setErrors((previous) => ({ ...previous, [`translations.${language}.${field}`]: undefined }));
  }

  /** Whether visitors see a translation (once the article is public). */
  function setPublishedIn(language: Language, published: boolean) {
    setDraft((previous) => ({
      ...previous,
      states: {
        ...previous.states,
        [language]: {
          source_hash: previous.states[language]?.source_hash ?? null,
          published,
        },
      },
    }));
  }

  /** A search field of one language. */
  function setSearch(language: Language, field: keyof SearchDraft, value: string) {
    setDraft((previous) => ({
      ...previous,
      search: {
        ...previous.search,
        [language]: { ...(previous.search[language] ?? blankSearch), [field]: value },
      },
    }));
    const key = language === draft.source_language ? field : `translations.${language}.${field}`;
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  }

  /**
   * A translation drafted by the model from the source whose hash is
   * `basis`, filled in for review: a draft until someone publishes it.
   */
  function fillTranslation(language: Language, text: ArticleText, basis: string) {
    setDraft((previous) =>
      language === previous.source_language
        ? previous
        : {
            ...previous,
            translations: { ...previous.translations, [language]: text },
            states: { ...previous.states, [language]: { published: false, source_hash: basis } },
          },
    );
    setErrors((previous) =>
      Object.fromEntries(
        Object.entries(previous).filter(([key]) => !key.startsWith(`translations.${language}.`)),
      ),
    );
  }

  /** Another source language: the texts change places (nothing typed is lost). */
  function setSourceLanguage(language: Language) {
    setDraft((previous) => withSourceLanguage(previous, language));
    setErrors({});
  }

  const failed = (error: unknown, slug: string) => {
    toast.failure(t, error, mode.kind === 'create' ? 'admin.errors.create' : 'admin.errors.update');
    const usedBefore = error instanceof ApiError && error.code === SLUG_USED_BEFORE;
    setSlugOffered(usedBefore ? slug : null);
    if (error instanceof ApiError) {
      if (error.details) {
        setErrors(error.details as DraftErrors);
        setRefusals((n) => n + 1);
      } else if (error.status === 409) setErrors({ slug: error.message });
      if (error.details?.updated_at) setColleague(colleagueChanges(saved, error.current));
    }
  };
  const done = () => {
    const key = mode.kind === 'create' ? 'created' : 'updated';
    toast.success(t(writes.kind === 'page' ? `admin.pages.toast.${key}` : `admin.toast.${key}`));
    onSaved();
  };

  /**
   * Saves the form. An edit names the version it was opened from, so a save
   * someone else made meanwhile is not undone unseen (the server answers
   * 409, `errors.updated_at` says so, the form keeps everything);
   * `overwrite` saves over it on purpose ("Save anyway"), sending only what
   * changed since the form opened (lib/overwrite.ts), so a colleague's
   * unpublishing or texts are not undone. `reuseSlug` takes
   * over a slug another article or page had before (its old links then lead
   * here).
   */
  function submit({ overwrite = false, reuseSlug = false } = {}) {
    const check = checkDraft(draft, writes.kind);
    if (!check.ok) {
      const texts = Object.fromEntries(Object.entries(check.errors).map(([f, key]) => [f, t(key)]));
      setErrors(texts);
      setRefusals((n) => n + 1);
      toast.error(
        t,
        check.missingRequired ? t('admin.errors.requiredFields') : Object.values(texts).join(' '),
      );
      return;
    }
    const stored = mode.kind === 'edit' ? mode.article : null;
    const publication = publicationFields(draft, stored);
    if (!publication.ok) {
      setErrors({ schedule_at: t(publication.error) });
      setRefusals((n) => n + 1);
      toast.error(t, t(publication.error));
      return;
    }
    const version = stored && !overwrite ? { updated_at: stored.updated_at } : {};
    const { slug } = check.payload;
    if (reuseSlug) setSlugTakenOver(slug);
    const reuse = (reuseSlug || slug === slugTakenOver) && { reuse_slug: true };
    const whole = { ...check.payload, ...publication.fields, ...version, ...reuse };
    const payload = overwrite && mode.kind === 'edit' ? changesOnly(whole, draft, saved) : whole;
    if (overwrite) {
      setErrors(({ updated_at: _conflict, ...rest }) => rest);
      setColleague([]);
    }
    const callbacks = { onSuccess: done, onError: (error: unknown) => failed(error, slug) };
    if (mode.kind === 'create') writes.create(payload, callbacks);
    else writes.update(mode.article.id, payload, callbacks);
  }

  return {
    draft,
    set,
    setText,
    fillTranslation,
    setPublishedIn,
    setSearch,
    setSourceLanguage,
    slugAuto,
    errors,
    /** What a colleague changed of the publication meanwhile (after a 409). */
    colleague,
    refusals,
    busy: writes.busy,
    uploading: uploads > 0,
    trackUpload,
    dirty: uploads > 0 || !isUnchanged(draft, saved),
    /** The server offers to take the slug over (it was another's before); `submit({reuseSlug})` does. */
    slugReusable:
      slugOffered !== null && slugOffered === draft.slug.trim() && errors.slug !== undefined,
    submit,
  };
}
