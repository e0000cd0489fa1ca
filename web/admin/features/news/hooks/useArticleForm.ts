import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleText } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import type { Article } from '#shared/news';
import { slugify } from '#shared/slug';
import { ApiError } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { useCreateNews, useUpdateNews } from '../api/news.queries';
import {
  checkDraft,
  emptyDraft,
  isUnchanged,
  slugFollowsTitle,
  textIn,
  withSourceLanguage,
  type ArticleDraft,
  type DraftErrors,
  type DraftField,
  type TextField,
} from '../lib/article-draft';
import { publicationFields } from '../lib/schedule';

export type FormMode =
  | {
      kind: 'create';
      draft: ArticleDraft;
      /** Languages to draft from the source as the form opens ("Using AI" in all three). */
      translate?: readonly Language[];
    }
  | { kind: 'edit'; article: Article; draft: ArticleDraft };

/**
 * State and submit of the create/edit form. The slug follows the title until
 * edited by hand (on edit it never follows: links to a live article must not
 * break by accident). Errors hold display texts, one per field. `dirty`: there
 * is something to lose by closing (an edit, or an AI draft not saved yet).
 */
export function useArticleForm(mode: FormMode, onSaved: () => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ArticleDraft>(mode.draft);
  const [slugAuto, setSlugAuto] = useState(mode.kind === 'create' && slugFollowsTitle(mode.draft));
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = useCreateNews();
  const update = useUpdateNews();
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

  /** A text field of one language: the source's (the slug may follow its title) or a translation's. */
  function setText(language: Language, field: TextField, value: string) {
    if (language === draft.source_language) return set(field, value);
    setDraft((previous) => ({
      ...previous,
      translations: {
        ...previous.translations,
        [language]: { ...textIn(previous, language), [field]: value },
      },
    }));
    setErrors((previous) => ({ ...previous, [`translations.${language}.${field}`]: undefined }));
  }

  /** A drafted translation, filled in for review. */
  function fillTranslation(language: Language, text: ArticleText) {
    setDraft((previous) =>
      language === previous.source_language
        ? previous
        : { ...previous, translations: { ...previous.translations, [language]: text } },
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

  const failed = (error: unknown) => {
    toast.failure(t, error, mode.kind === 'create' ? 'admin.errors.create' : 'admin.errors.update');
    if (error instanceof ApiError) {
      if (error.details) setErrors(error.details as DraftErrors);
      else if (error.status === 409) setErrors({ slug: error.message });
    }
  };
  const done = () => {
    toast.success(t(mode.kind === 'create' ? 'admin.toast.created' : 'admin.toast.updated'));
    onSaved();
  };

  function submit() {
    const check = checkDraft(draft);
    if (!check.ok) {
      const texts = Object.fromEntries(Object.entries(check.errors).map(([f, key]) => [f, t(key)]));
      setErrors(texts);
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
      toast.error(t, t(publication.error));
      return;
    }
    const payload = { ...check.payload, ...publication.fields };
    if (mode.kind === 'create') {
      create.mutate(payload, { onSuccess: done, onError: failed });
    } else {
      update.mutate({ id: mode.article.id, payload }, { onSuccess: done, onError: failed });
    }
  }

  return {
    draft,
    set,
    setText,
    fillTranslation,
    setSourceLanguage,
    slugAuto,
    errors,
    busy: create.isPending || update.isPending,
    dirty: !isUnchanged(draft, saved),
    submit,
  };
}
