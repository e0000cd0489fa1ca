import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage, type Language } from '#shared/languages';
import type { SiteText } from '#shared/site-texts';
import { ApiError, errorMessage } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { useLeaveGuard } from '../../../hooks/useLeaveGuard';
import { translateTexts, useSaveSiteTexts } from '../api/site-texts.queries';
import {
  changedValues,
  draftsAfterSave,
  editsAfterSave,
  fieldValue,
  missingTranslations,
  placeholderProblems,
  valuesAsText,
  type Edits,
} from '../lib/texts-draft';

/**
 * The state of the site texts screen: unsaved edits, the fields the model
 * filled (to be reviewed), problems by field (lost placeholders as they are
 * typed, the server's refusals after a save), saving, and "Translate with
 * AI" for the missing languages of a set of texts.
 */
export function useTextsEditor(texts: SiteText[]) {
  const { t, i18n } = useTranslation();
  const [edits, setEdits] = useState<Edits>({});
  // What the model wrote, by `key.language`: a field still holding it is a draft to review.
  const [drafted, setDrafted] = useState<ReadonlyMap<string, string>>(new Map());
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [translating, setTranslating] = useState(false);
  // The language last typed in: the preview follows it.
  const [lastLanguage, setLastLanguage] = useState<Language | null>(null);
  const save = useSaveSiteTexts();

  const values = useMemo(() => changedValues(texts, edits), [texts, edits]);
  const problems = useMemo(() => placeholderProblems(texts, edits), [texts, edits]);
  const unsaved = Object.values(values).reduce((n, v) => n + Object.keys(v).length, 0);
  useLeaveGuard(unsaved > 0, () => valuesAsText(values));
  const errors: Record<string, string> = { ...refused };
  for (const [field, missing] of Object.entries(problems)) {
    errors[field] = t('admin.siteTexts.errors.placeholders', { placeholders: missing.join(', ') });
  }

  const change = (key: string, language: Language, value: string) => {
    setEdits((previous) => ({ ...previous, [key]: { ...previous[key], [language]: value } }));
    setLastLanguage(language);
    setRefused(({ [`${key}.${language}`]: _gone, ...rest }) => rest);
  };

  const discard = () => {
    setEdits({});
    setDrafted(new Map());
    setRefused({});
  };

  function submit() {
    if (unsaved === 0 || Object.keys(problems).length > 0) return;
    // The fields stay editable while saving: what is typed meanwhile is not what was saved.
    const sent = edits;
    save.mutate(
      { values },
      {
        onSuccess: () => {
          setEdits((current) => editsAfterSave(current, sent));
          setDrafted((previous) => draftsAfterSave(previous, sent));
          setRefused({});
          toast.success(t('admin.siteTexts.saved'));
        },
        onError: (error) => {
          // `values.home.hero.title.en` -> `home.hero.title.en`
          if (error instanceof ApiError && error.details) {
            setRefused(
              Object.fromEntries(
                Object.entries(error.details).map(([field, message]) => [
                  field.replace(/^values\./, ''),
                  message,
                ]),
              ),
            );
          }
          toast.failure(t, error, 'admin.siteTexts.saveFailed');
        },
      },
    );
  }

  /** Drafts the missing languages of `group` with the model; the drafts are reviewed, then saved. */
  async function translate(group: SiteText[]) {
    const jobs = missingTranslations(group, edits, pickLanguage(i18n.language));
    if (jobs.length === 0) return;
    setTranslating(true);
    try {
      const answers = await Promise.all(jobs.map((job) => translateTexts(job)));
      const wrote = new Map<string, string>();
      for (const { translations } of answers) {
        for (const [language, byKey] of Object.entries(translations)) {
          for (const [key, value] of Object.entries(byKey ?? {}))
            wrote.set(`${key}.${language}`, value);
        }
      }
      setDrafted((previous) => new Map([...previous, ...wrote]));
      setEdits((previous) => {
        const next = { ...previous };
        for (const { translations } of answers) {
          for (const [language, byKey] of Object.entries(translations) as [
            Language,
            Record<string, string>,
          ][]) {
            for (const [key, value] of Object.entries(byKey)) {
              const text = group.find((x) => x.key === key);
              // Only fields still empty: the admin's own text is never replaced.
              if (!text || fieldValue(text, previous, language).trim() !== '') continue;
              next[key] = { ...next[key], [language]: value };
            }
          }
        }
        return next;
      });
      toast.success(t('admin.siteTexts.translated'));
    } catch (error) {
      toast.error(t, t('admin.siteTexts.translateFailed', { reason: errorMessage(error, t) }));
    } finally {
      setTranslating(false);
    }
  }

  return {
    edits,
    lastLanguage,
    drafted,
    errors,
    values,
    unsaved,
    blocked: Object.keys(problems).length > 0,
    saving: save.isPending,
    translating,
    change,
    discard,
    submit,
    translate,
    canTranslate: (group: SiteText[]) =>
      missingTranslations(group, edits, pickLanguage(i18n.language)).length > 0,
  };
}

export type TextsEditor = ReturnType<typeof useTextsEditor>;
