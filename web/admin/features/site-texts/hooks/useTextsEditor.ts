import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage, type Language } from '#shared/languages';
import type { SiteText, SiteTextChanged } from '#shared/site-texts';
import { ApiError, errorMessage } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { useLeaveGuard } from '../../../hooks/useLeaveGuard';
import { translateTexts, useSaveSiteTexts, useTakeChangedTexts } from '../api/site-texts.queries';
import {
  changedValues,
  draftAfterSave,
  draftsAfterSave,
  editsWithout,
  fieldValue,
  missingTranslations,
  openedFor,
  openedOver,
  placeholderProblems,
  valuesAsText,
  versionsFor,
  type Edits,
  type Opened,
  type TextsDraft,
} from '../lib/texts-draft';

/** A save refused because a colleague changed some of its texts since they were opened. */
export type TextsConflict = {
  /** The server's message, in the admin's language. */
  message: string;
  /** Those texts as the colleague left them. */
  changed: SiteTextChanged[];
};

const isChangedList = (current: unknown): current is SiteTextChanged[] =>
  Array.isArray(current) &&
  current.every((c) => typeof c === 'object' && c !== null && 'key' in c && 'language' in c);

/**
 * The state of the site texts screen: unsaved edits (and the version each
 * began from), the fields the model filled (to be reviewed), problems by
 * field (lost placeholders as they are typed, the server's refusals after a
 * save), saving, a save refused because a colleague changed some of its
 * texts meanwhile (`conflict`: save anyway, or take theirs), and "Translate
 * with AI" for the missing languages of a set of texts.
 */
export function useTextsEditor(texts: SiteText[]) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<TextsDraft>({ edits: {}, opened: {} });
  const { edits } = draft;
  // Every change of the edits goes through here: a field's version is the one it began from.
  const setEdits = (update: (previous: Edits) => Edits) =>
    setDraft((previous) => {
      const next = update(previous.edits);
      return { edits: next, opened: openedFor(texts, next, previous.opened) };
    });
  const [conflict, setConflict] = useState<TextsConflict | null>(null);
  // What the model wrote, by `key.language`: a field still holding it is a draft to review.
  const [drafted, setDrafted] = useState<ReadonlyMap<string, string>>(new Map());
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [translating, setTranslating] = useState(false);
  // The language last typed in: the preview follows it.
  const [lastLanguage, setLastLanguage] = useState<Language | null>(null);
  const save = useSaveSiteTexts();
  const takeChanged = useTakeChangedTexts();

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
    setDraft({ edits: {}, opened: {} });
    setDrafted(new Map());
    setRefused({});
    setConflict(null);
  };

  /** Saves every unsaved change, each naming the version it began from (`opened`). */
  function send(opened: Opened) {
    if (unsaved === 0 || Object.keys(problems).length > 0) return;
    // The fields stay editable while saving: what is typed meanwhile is not what was saved.
    const sent = edits;
    const sentValues = values;
    save.mutate(
      { values, versions: versionsFor(values, opened) },
      {
        onSuccess: (saved) => {
          setDraft((current) => draftAfterSave(current, sent, sentValues, saved.texts));
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
          // A colleague changed some of the texts: nothing was saved, the choice is the admin's.
          if (error instanceof ApiError && error.status === 409 && isChangedList(error.current)) {
            setConflict({ message: error.message, changed: error.current });
            return;
          }
          toast.failure(t, error, 'admin.siteTexts.saveFailed');
        },
      },
    );
  }

  const submit = () => send(draft.opened);

  /** "Save anyway": the same changes again, over the colleague's texts the refusal showed. */
  function saveAnyway() {
    if (!conflict) return;
    const opened = openedOver(draft.opened, conflict.changed);
    setDraft((current) => ({ ...current, opened: openedOver(current.opened, conflict.changed) }));
    setConflict(null);
    send(opened);
  }

  /** Takes the colleague's texts for the fields they changed; the admin's other changes stay unsaved. */
  function takeTheirs() {
    if (!conflict) return;
    const { changed } = conflict;
    const field = (c: SiteTextChanged) => `${c.key}.${c.language}`;
    setEdits((current) => editsWithout(current, changed));
    setDrafted(
      (previous) => new Map([...previous].filter(([f]) => !changed.some((c) => field(c) === f))),
    );
    setRefused((previous) =>
      Object.fromEntries(
        Object.entries(previous).filter(([f]) => !changed.some((c) => field(c) === f)),
      ),
    );
    takeChanged(changed);
    setConflict(null);
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
    conflict,
    change,
    discard,
    submit,
    saveAnyway,
    takeTheirs,
    /** Back to the texts, the choice left open (the next save is refused again). */
    closeConflict: () => setConflict(null),
    translate,
    canTranslate: (group: SiteText[]) =>
      missingTranslations(group, edits, pickLanguage(i18n.language)).length > 0,
  };
}

export type TextsEditor = ReturnType<typeof useTextsEditor>;
