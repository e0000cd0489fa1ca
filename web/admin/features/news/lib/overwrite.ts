import { otherLanguages, sameText, SEARCH_FIELDS } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import type { ArticlePayload } from '#shared/news-schema';
import type { PagePayload } from '#shared/page-schema';
import { blankSearch, textIn, type ArticleDraft } from './article-draft';

type Payload = ArticlePayload | PagePayload;
type Translation = NonNullable<NonNullable<Payload['translations']>[Language]>;

/** The fields every kind shares that a save sends as they are in the form. */
const PLAIN = ['title', 'excerpt', 'content', 'slug', 'image_url', 'image_alt'] as const;

/**
 * What "Save anyway" sends: of the whole save (`payload`), only what this
 * editor changed against the version the form opened (`opened`). Everything
 * else is left out, and the server keeps it as the colleague left it: the
 * state and schedule of the article or page and of each language, and the
 * texts, search fields and image descriptions of every language she did not
 * touch. A language whose state (or search fields) alone changed still goes
 * with its text, which the API needs for a translation. After a change of
 * source language every text goes, as the texts changed places.
 */
export function changesOnly(payload: Payload, draft: ArticleDraft, opened: ArticleDraft): Payload {
  const out: Record<string, unknown> = { ...payload };
  const sourceMoved = draft.source_language !== opened.source_language;
  const drop = (field: string, unchanged: boolean) => {
    if (unchanged) delete out[field];
  };
  if (!sourceMoved) {
    for (const field of PLAIN) drop(field, draft[field] === opened[field]);
    const source = draft.source_language;
    for (const field of SEARCH_FIELDS) {
      const now = (draft.search[source] ?? blankSearch)[field];
      drop(field, now === (opened.search[source] ?? blankSearch)[field]);
    }
    delete out.source_language;
  }
  drop('category', draft.category === opened.category);
  drop('nav', draft.nav === opened.nav);
  const published =
    draft.published === opened.published && draft.schedule_at === opened.schedule_at;
  drop('published', published);
  drop('published_at', published);
  if (payload.translations) {
    const translations = Object.fromEntries(
      otherLanguages(draft.source_language).flatMap((language) => {
        const sent = payload.translations?.[language];
        if (sent === undefined) return [];
        const change = sourceMoved ? sent : languageChanges(sent, language, draft, opened);
        return change === undefined ? [] : [[language, change]];
      }),
    );
    if (Object.keys(translations).length > 0) out.translations = translations;
    else delete out.translations;
  }
  return out as Payload;
}

/** One translation as "Save anyway" sends it: left out (undefined) when she did not touch it. */
function languageChanges(
  sent: Translation | null,
  language: Language,
  draft: ArticleDraft,
  opened: ArticleDraft,
): Translation | null | undefined {
  const text = sameText(textIn(draft, language), textIn(opened, language));
  if (sent === null) return text ? undefined : null;
  const state = draft.states[language];
  const before = opened.states[language];
  const kept = {
    published: (state?.published ?? true) === (before?.published ?? true),
    // A text she did not change keeps the source it was made from.
    source_hash: text,
    image_alt: draft.image_alts[language] === opened.image_alts[language],
    ...Object.fromEntries(
      SEARCH_FIELDS.map((field) => [
        field,
        (draft.search[language] ?? blankSearch)[field] ===
          (opened.search[language] ?? blankSearch)[field],
      ]),
    ),
  } as Record<string, boolean>;
  if (text && Object.values(kept).every(Boolean)) return undefined;
  const change: Record<string, unknown> = { ...sent };
  for (const [field, unchanged] of Object.entries(kept)) if (unchanged) delete change[field];
  return change as Translation;
}
