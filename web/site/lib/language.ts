import { isLanguage, pickLanguage, type Language } from '#shared/languages';

/** The language the server rendered the page in (its `<html lang>`), so hydration matches. */
export function renderedLanguage(doc: Pick<Document, 'documentElement'>): Language {
  return pickLanguage(doc.documentElement.lang);
}

/**
 * The language to switch to once the page has hydrated, or null to stay.
 * `?lang=` in the address always wins (the server already rendered it); else
 * a valid stored choice that differs from the rendered one.
 */
export function languageAfterHydration(input: {
  rendered: Language;
  query: string | null;
  stored: string | null;
}): Language | null {
  if (isLanguage(input.query)) return null;
  if (isLanguage(input.stored) && input.stored !== input.rendered) return input.stored;
  return null;
}
