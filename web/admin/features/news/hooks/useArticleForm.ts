import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article } from '#shared/news';
import { slugify } from '#shared/slug';
import { ApiError } from '../../../../common/api';
import { notifyError, notifyProblem, notifySuccess, notifyText } from '../../../lib/notify';
import { createNews } from '../api/create-news';
import { updateNews } from '../api/update-news';
import {
  checkDraft,
  slugFollowsTitle,
  type ArticleDraft,
  type DraftField,
} from '../lib/article-draft';

export type FormMode =
  { kind: 'create'; draft: ArticleDraft } | { kind: 'edit'; article: Article; draft: ArticleDraft };

/**
 * State and submit of the create/edit form. The slug follows the title until
 * edited by hand (on edit it never follows: links to a live article must not
 * break by accident). Errors hold display texts, one per field.
 */
export function useArticleForm(mode: FormMode, onSaved: () => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ArticleDraft>(mode.draft);
  const [slugAuto, setSlugAuto] = useState(mode.kind === 'create' && slugFollowsTitle(mode.draft));
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [busy, setBusy] = useState(false);

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

  async function submit() {
    const check = checkDraft(draft);
    if (!check.ok) {
      const texts = Object.fromEntries(Object.entries(check.errors).map(([f, key]) => [f, t(key)]));
      setErrors(texts);
      if (check.missingRequired) notifyProblem(t, 'admin.errors.requiredFields');
      else notifyText(t, Object.values(texts).join(' '));
      return;
    }
    setBusy(true);
    try {
      if (mode.kind === 'create') await createNews(check.payload);
      else
        await updateNews(mode.article.id, { ...check.payload, published: mode.article.published });
      notifySuccess(t, mode.kind === 'create' ? 'admin.toast.created' : 'admin.toast.updated');
      onSaved();
    } catch (error) {
      notifyError(t, error, mode.kind === 'create' ? 'admin.errors.create' : 'admin.errors.update');
      if (error instanceof ApiError) {
        if (error.details) setErrors(error.details as Partial<Record<DraftField, string>>);
        else if (error.status === 409) setErrors({ slug: error.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return { draft, set, slugAuto, errors, busy, submit };
}
