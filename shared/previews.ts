import type { Article } from './news';
import type { Page } from './pages';

/** Share links of drafts (`/preview/<token>`): the shapes of `/api/news/{id}/previews`. */

/** What `/api/previews/{token}` answers: the article (`news`) or the page the link shows. */
export type PreviewDocument = { news: Article } | { page: Page };

/** Days a share link lasts unless the admin chooses (1 to PREVIEW_MAX_DAYS). */
export const PREVIEW_DEFAULT_DAYS = 7;
export const PREVIEW_MAX_DAYS = 30;

/** An active share link as listed; its token is shown only once, when it is made. */
export type PreviewLink = {
  id: number;
  news_id: number;
  expires_at: string;
  created_at: string;
  created_by: { id: number; username: string } | null;
};

/** What `POST /api/news/{id}/previews` answers: the link, with the address to share. */
export type CreatedPreviewLink = PreviewLink & {
  /** Site path to share, e.g. `/preview/Jq3…`; add `?lang=pt` to pick a language (no prefix). */
  url: string;
  token: string;
};

/**
 * The page's address of a share link, in a language (`?lang=`: a share link
 * has no language-prefixed address) or in the visitor's own.
 */
export function previewPath(token: string, language?: string): string {
  return `/preview/${encodeURIComponent(token)}${language ? `?lang=${language}` : ''}`;
}
