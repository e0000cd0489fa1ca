import { VIEWED_PAGES, type ViewSubject, type ViewedPage } from '#shared/analytics';
import { isLanguage, type Language } from '#shared/languages';

/**
 * A view as one short string (`document:12:pt`, `home:0:en`): made once per
 * rendered page and kept with it in the page cache, so counting a cached
 * view is one map increment under it.
 */
export type ViewTag = string;

export function viewTag(subject: ViewSubject, language: Language): ViewTag {
  return `${subject.page}:${subject.page === 'document' ? subject.id : 0}:${language}`;
}

/** The parts of a tag; null for anything that is not one. */
export function fromTag(tag: string): { page: ViewedPage; id: number; language: Language } | null {
  const [page, id, language] = tag.split(':');
  if (!(VIEWED_PAGES as readonly string[]).includes(page ?? '') || !isLanguage(language)) {
    return null;
  }
  const number = Number(id);
  if (!Number.isInteger(number) || number < 0 || (page === 'document') !== number > 0) return null;
  return { page: page as ViewedPage, id: number, language };
}
