import { createContext, useContext } from 'react';

/**
 * Which kind of text the editor works on: a news article or a page (About
 * us, Careers). Both share the form, its languages, history and share links;
 * the kind picks the API (`/news` or `/pages`) and the few fields that differ
 * (an article's category, a page's place in the menus).
 */
export type DocumentKind = 'article' | 'page';

/** The API path of each kind's writes, revisions and share links. */
export const DOCUMENT_API: Record<DocumentKind, string> = { article: '/news', page: '/pages' };

const DocumentKindContext = createContext<DocumentKind>('article');

/** Wraps the page tab's editor: everything inside works on pages. */
export const DocumentKindProvider = DocumentKindContext.Provider;

export const useDocumentKind = () => useContext(DocumentKindContext);
