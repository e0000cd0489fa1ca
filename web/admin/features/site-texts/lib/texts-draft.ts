import { LANGUAGES, type Language } from '#shared/languages';
import {
  missingPlaceholders,
  SITE_TEXT_GROUPS,
  siteTextGroup,
  type SiteText,
  type SiteTextChanged,
  type SiteTextGroupId,
} from '#shared/site-texts';

/**
 * The admin's unsaved site texts: what each field holds where it differs
 * from what is saved, by key and language. An empty field means "the
 * catalogue's text" (no override).
 */
export type Edits = Record<string, Partial<Record<Language, string>>>;

/**
 * The version each edited field was saved at when its editing began, by key
 * and language (the override's `updated_at`; null: the catalogue's text):
 * the `versions` a save names, so a colleague's save in between is refused
 * rather than undone unseen (decision 037).
 */
export type Opened = Record<string, Partial<Record<Language, string | null>>>;

/** The unsaved edits and the versions they began from, changed together. */
export type TextsDraft = { edits: Edits; opened: Opened };

/** The version of one language of a text as saved: its override's, or null for the catalogue's text. */
export const savedVersion = (text: SiteText | undefined, language: Language): string | null =>
  text?.versions[language] ?? null;

/**
 * `opened` kept to the fields `edits` holds: a field kept keeps the version
 * it began from; one edited since has the version `texts` saves it at now;
 * one no longer edited has none (its next edit begins afresh).
 */
export function openedFor(texts: SiteText[], edits: Edits, opened: Opened): Opened {
  const out: Opened = {};
  for (const [key, byLanguage] of Object.entries(edits)) {
    for (const language of Object.keys(byLanguage) as Language[]) {
      const began = opened[key]?.[language];
      out[key] = {
        ...out[key],
        [language]:
          began !== undefined
            ? began
            : savedVersion(
                texts.find((x) => x.key === key),
                language,
              ),
      };
    }
  }
  return out;
}

/** `PUT /api/site/texts` versions for the values sent: the version each field began from. */
export function versionsFor(
  values: Record<string, Partial<Record<Language, unknown>>>,
  opened: Opened,
): Opened {
  const versions: Opened = {};
  for (const [key, byLanguage] of Object.entries(values)) {
    for (const language of Object.keys(byLanguage) as Language[]) {
      const version = opened[key]?.[language];
      if (version !== undefined) versions[key] = { ...versions[key], [language]: version };
    }
  }
  return versions;
}

/** `opened` with the versions of the colleague's texts in place ("Save anyway": over them, knowingly). */
export function openedOver(opened: Opened, changed: SiteTextChanged[]): Opened {
  const out: Opened = { ...opened };
  for (const { key, language, updated_at } of changed) {
    out[key] = { ...out[key], [language]: updated_at };
  }
  return out;
}

/** The saved texts with the colleague's texts of a refused save in place, their values and versions. */
export function withChanged(texts: SiteText[], changed: SiteTextChanged[]): SiteText[] {
  return texts.map((text) => {
    const mine = changed.filter((c) => c.key === text.key);
    if (mine.length === 0) return text;
    const values = { ...text.values };
    const versions = { ...text.versions };
    for (const { language, value, updated_at } of mine) {
      if (value === null) delete values[language];
      else values[language] = value;
      if (updated_at === null) delete versions[language];
      else versions[language] = updated_at;
    }
    return { ...text, values, versions };
  });
}

/** The edits without the fields named (the colleague's texts taken instead). */
export function editsWithout(edits: Edits, fields: { key: string; language: Language }[]): Edits {
  const out: Edits = {};
  for (const [key, byLanguage] of Object.entries(edits)) {
    for (const [language, value] of Object.entries(byLanguage) as [Language, string][]) {
      if (!fields.some((f) => f.key === key && f.language === language))
        out[key] = { ...out[key], [language]: value };
    }
  }
  return out;
}

/** What a field shows: the unsaved text, else the saved override, else empty. */
export const fieldValue = (text: SiteText, edits: Edits, language: Language): string =>
  edits[text.key]?.[language] ?? text.values[language] ?? '';

/** True when the field's text differs from what is saved. */
export function isDirty(text: SiteText, edits: Edits, language: Language): boolean {
  const edited = edits[text.key]?.[language];
  return edited !== undefined && edited.trim() !== (text.values[language] ?? '');
}

/** `PUT /api/site/texts` values for every changed field: a text, or null to remove it. */
export function changedValues(
  texts: SiteText[],
  edits: Edits,
): Record<string, Partial<Record<Language, string | null>>> {
  const values: Record<string, Partial<Record<Language, string | null>>> = {};
  for (const text of texts) {
    for (const language of LANGUAGES) {
      if (!isDirty(text, edits, language)) continue;
      const value = edits[text.key]![language]!.trim();
      values[text.key] = { ...values[text.key], [language]: value === '' ? null : value };
    }
  }
  return values;
}

/**
 * Unsaved `changedValues` as plain text, one field after the other (its
 * key and language, then its text; an emptied field as empty), for the
 * colleague to copy when the page may no longer save them.
 */
export function valuesAsText(values: ReturnType<typeof changedValues>): string {
  return Object.entries(values)
    .flatMap(([key, byLanguage]) =>
      Object.entries(byLanguage).map(
        ([language, value]) => `${key} (${language}):\n${value ?? ''}`,
      ),
    )
    .join('\n\n');
}

/**
 * The edits left once a save succeeded, `sent` being the edits as they were
 * when Save was pressed: a field still holding what was sent is saved now;
 * one typed in while the save was on its way stays unsaved.
 */
export function editsAfterSave(edits: Edits, sent: Edits): Edits {
  const left: Edits = {};
  for (const [key, byLanguage] of Object.entries(edits)) {
    for (const [language, value] of Object.entries(byLanguage) as [Language, string][]) {
      if (sent[key]?.[language] !== value) left[key] = { ...left[key], [language]: value };
    }
  }
  return left;
}

/**
 * The draft once a save of `values` succeeded, `sent` being the edits when
 * Save was pressed and `saved` the texts the save answered: what was typed
 * since stays (`editsAfterSave`), and a field the save wrote begins from the
 * version it wrote (this save's, not a colleague's).
 */
export function draftAfterSave(
  draft: TextsDraft,
  sent: Edits,
  values: Record<string, Partial<Record<Language, unknown>>>,
  saved: SiteText[],
): TextsDraft {
  const edits = editsAfterSave(draft.edits, sent);
  const opened: Opened = { ...draft.opened };
  for (const [key, byLanguage] of Object.entries(values)) {
    const text = saved.find((x) => x.key === key);
    for (const language of Object.keys(byLanguage) as Language[]) {
      opened[key] = { ...opened[key], [language]: savedVersion(text, language) };
    }
  }
  return { edits, opened: openedFor(saved, edits, opened) };
}

/** The model's drafts, by `key.language`, still to review after a save of `sent`: a saved one is not. */
export function draftsAfterSave(
  drafted: ReadonlyMap<string, string>,
  sent: Edits,
): Map<string, string> {
  return new Map(
    [...drafted].filter(([field, value]) => {
      const dot = field.lastIndexOf('.');
      return sent[field.slice(0, dot)]?.[field.slice(dot + 1) as Language] !== value;
    }),
  );
}

/** Unsaved values that would lose a `{{placeholder}}`, by `key.language`, with what they lose. */
export function placeholderProblems(texts: SiteText[], edits: Edits): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const text of texts) {
    for (const language of LANGUAGES) {
      const value = fieldValue(text, edits, language).trim();
      if (!value || !isDirty(text, edits, language)) continue;
      const missing = missingPlaceholders(text.defaults[language], value);
      if (missing.length > 0) problems[`${text.key}.${language}`] = missing;
    }
  }
  return problems;
}

/** The texts of each group, in the groups' order (groups without texts are left out). */
export function textsByGroup(texts: SiteText[]): { id: SiteTextGroupId; texts: SiteText[] }[] {
  return SITE_TEXT_GROUPS.map(({ id }) => ({
    id,
    texts: texts.filter((text) => siteTextGroup(text.key).id === id),
  })).filter((group) => group.texts.length > 0);
}

/** Texts whose key, catalogue text or override holds the query (any case). */
export function matching(texts: SiteText[], query: string): SiteText[] {
  const q = query.trim().toLowerCase();
  if (!q) return texts;
  return texts.filter((text) =>
    [text.key, ...Object.values(text.defaults), ...Object.values(text.values)].some((s) =>
      s.toLowerCase().includes(q),
    ),
  );
}

/**
 * The translations "Translate with AI" asks for: for each text that has its
 * own text in some language (saved or unsaved) and none in others, the
 * missing languages, from the admin's language if it has one, else the first
 * that does; gathered into one request per source language.
 */
export function missingTranslations(
  texts: SiteText[],
  edits: Edits,
  preferred: Language,
): { from: Language; to: Language[]; texts: Record<string, string> }[] {
  const jobs = new Map<Language, { to: Set<Language>; texts: Record<string, string> }>();
  for (const text of texts) {
    const filled = LANGUAGES.filter((l) => fieldValue(text, edits, l).trim() !== '');
    const empty = LANGUAGES.filter((l) => !filled.includes(l));
    if (filled.length === 0 || empty.length === 0) continue;
    const from = filled.includes(preferred) ? preferred : filled[0]!;
    const job = jobs.get(from) ?? { to: new Set<Language>(), texts: {} };
    for (const language of empty) job.to.add(language);
    job.texts[text.key] = fieldValue(text, edits, from).trim();
    jobs.set(from, job);
  }
  return [...jobs].map(([from, job]) => ({ from, to: [...job.to], texts: job.texts }));
}

/**
 * A readable name of a key inside its group, in the admin's language: each
 * part of the key after the group's scope is a word of
 * `admin.siteTexts.words` (`home.services.ai.title` -> `AI software › title`);
 * a part it lacks (a key added later) shows as written.
 */
export function keyLabel(
  key: string,
  t: (key: string, options: { defaultValue: string }) => string,
): string {
  const group = siteTextGroup(key);
  const scope = (group.scopes as readonly string[]).find((s) =>
    s.endsWith('.') ? key.startsWith(s) : key === s,
  );
  const rest = scope?.endsWith('.') ? key.slice(scope.length) : key.slice(key.indexOf('.') + 1);
  const words = rest
    .split('.')
    .map((part) =>
      t(`admin.siteTexts.words.${part}`, {
        defaultValue: part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
      }),
    )
    .join(' › ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
